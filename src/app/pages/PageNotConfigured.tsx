import { Card, Result, Typography } from 'antd';
import type { ScreenProps } from '../router/screens';

/**
 * A menu entry whose screen is not built yet: says so, with the component it names, instead
 * of a blank page or a fake list.
 */
export default function PageNotConfigured({ route }: ScreenProps) {
  return (
    <Card variant="borderless">
      <Result
        status="info"
        title={`「${route.meta.title}」页面尚未配置`}
        subTitle={
          <>
            该菜单指向的页面组件{' '}
            <Typography.Text code>{route.component || '（空）'}</Typography.Text>{' '}
            还没有页面定义。管理员可在页面配置中为它创建页面，或在菜单管理中修改组件。
          </>
        }
      />
    </Card>
  );
}
