import { useState } from 'react';
import { Button, Card, Col, Descriptions, Row, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { permissionsAtom, userAtom } from '../../state/atoms';
import { greeting } from '../../header/greeting';
import { useMenuRoutes } from '../../menu/use-menu-routes';
import { MenuIcon } from '../../menu/icons';
import { searchableRoutes, HOME_PATH } from '../../router/menu-routes';
import { openEntry } from '../../menu/open-entry';
import { DepartSelectModal } from '../../header/DepartSelectModal';
import { UserAvatar } from '../../header/UserAvatar';
import styles from './DashboardPage.module.css';

const SEX = ['未知', '男', '女'];

/** 首页: who is signed in, where, and shortcuts to every screen their menu holds. */
export default function DashboardPage() {
  const user = useAtomValue(userAtom);
  const permissions = useAtomValue(permissionsAtom);
  const routes = useMenuRoutes();
  const navigate = useNavigate();
  const [departOpen, setDepartOpen] = useState(false);
  const shortcuts = searchableRoutes(routes).filter((r) => r.path !== HOME_PATH);

  return (
    <div className={styles.page}>
      <Card variant="borderless">
        <div className={styles.welcome}>
          <UserAvatar size={56} />
          <div>
            <Typography.Title level={4} className={styles.title}>
              {greeting(new Date().getHours())}，{user?.realname}，祝你开心每一天！
            </Typography.Title>
            <Typography.Text type="secondary">
              {user?.orgCodeTxt ?? '未设置部门'}
              {user?.postText ? ` · ${user.postText}` : ''}
              <Button type="link" size="small" onClick={() => setDepartOpen(true)}>
                切换部门
              </Button>
            </Typography.Text>
          </div>
        </div>
      </Card>
      <Row gutter={[12, 12]} className={styles.row}>
        <Col xs={24} lg={16}>
          <Card title="快捷入口" variant="borderless">
            {shortcuts.length === 0 ? (
              <Typography.Text type="secondary">
                您的账号还没有可用的功能菜单，请联系管理员授权。
              </Typography.Text>
            ) : (
              <div className={styles.shortcuts}>
                {shortcuts.map((route) => (
                  <button
                    type="button"
                    key={route.path}
                    className={styles.shortcut}
                    onClick={() => openEntry(route, navigate)}
                  >
                    <span className={styles.shortcutIcon}>
                      <MenuIcon name={route.meta.icon} />
                    </span>
                    {route.meta.title}
                  </button>
                ))}
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="我的账号" variant="borderless">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="账号">{user?.username}</Descriptions.Item>
              <Descriptions.Item label="工号">{user?.workNo ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="性别">{SEX[user?.sex ?? 0] ?? '未知'}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{user?.email ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="按钮权限">
                {permissions?.auth.length ?? 0} 项
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <DepartSelectModal open={departOpen} onClose={() => setDepartOpen(false)} />
    </div>
  );
}
