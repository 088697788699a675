import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../router/menu-routes';
import { useDocumentTitle } from '../router/use-document-title';

export default function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle('404');
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在。"
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
