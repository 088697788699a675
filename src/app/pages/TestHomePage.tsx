import { useEffect, useState } from 'react';
import { Descriptions, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { viewportAtom } from '../state/atoms';
import { useServices } from '../services';
import { useDocumentTitle } from '../router/use-document-title';

/** /test/home: a plain diagnostic page (API base, session state, security mode). */
export default function TestHomePage() {
  const { baseURL, session, api } = useServices();
  const [security, setSecurity] = useState('…');
  const mobile = useAtomValue(viewportAtom) === 'mobile';
  useDocumentTitle('测试页');
  useEffect(() => {
    api
      .securityVerify()
      .then((r) => setSecurity(r.success ? r.result.value : r.message))
      .catch((e: unknown) => setSecurity(e instanceof Error ? e.message : String(e)));
  }, [api]);
  const user = session.getUser();
  return (
    <>
      <Typography.Title level={3}>测试页</Typography.Title>
      <Descriptions bordered column={1} size="small" layout={mobile ? 'vertical' : 'horizontal'}>
        <Descriptions.Item label="接口地址">{baseURL}</Descriptions.Item>
        <Descriptions.Item label="当前用户">
          {user ? `${user.realname}（${user.username}）` : '未登录'}
        </Descriptions.Item>
        <Descriptions.Item label="网络安全模式">{security}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
