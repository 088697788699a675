import { Avatar, type AvatarProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useViewUrl } from '../../../registry/use-view-url';
import { useServices } from '../services';
import { userAtom } from '../state/atoms';

/**
 * The signed-in user's avatar (用户管理's 头像, a stored picture) through a signed view URL: an
 * `<img>` cannot send the token header. The user icon while there is none or it is loading.
 */
export function UserAvatar({ size }: { readonly size: AvatarProps['size'] }) {
  const user = useAtomValue(userAtom);
  const { http } = useServices();
  const src = useViewUrl(http, user?.avatar);
  return <Avatar size={size} icon={<UserOutlined />} src={src} />;
}
