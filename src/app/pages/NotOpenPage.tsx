import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

const TEXT = {
  register: {
    title: '暂未开放自助注册',
    sub: '账号由管理员在「用户管理」中创建，请联系管理员开通。',
  },
  'register-result': { title: '暂未开放自助注册', sub: '没有进行中的注册。' },
  alteration: { title: '找回密码', sub: '请联系管理员在「用户管理」中重置您的密码。' },
} as const;

/** Self-service pages the product does not offer: an honest state, not a fake form. */
export default function NotOpenPage({ kind }: { readonly kind: keyof typeof TEXT }) {
  const text = TEXT[kind];
  return (
    <div style={{ width: 420, maxWidth: '100%', background: '#fff', borderRadius: 8 }}>
      <Result
        status="info"
        title={text.title}
        subTitle={text.sub}
        extra={
          <Link to="/user/login">
            <Button type="primary">返回登录</Button>
          </Link>
        }
      />
    </div>
  );
}
