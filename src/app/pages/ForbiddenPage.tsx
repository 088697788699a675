import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../router/menu-routes';
import { useDocumentTitle } from '../router/use-document-title';

/** A screen that exists but is not in the signed-in user's permissions. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  useDocumentTitle('403');
  return (
    <Result
      status="403"
      title="403"
      subTitle="没有权限访问此页面"
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
