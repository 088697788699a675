import { useEffect } from 'react';
import { App } from 'antd';
import { useAtom } from 'jotai';
import { welcomeAtom } from '../state/atoms';

/** The 欢迎 notification after signing in, shown once the shell is up. */
export function WelcomeNotice() {
  const [welcome, setWelcome] = useAtom(welcomeAtom);
  const { notification } = App.useApp();
  useEffect(() => {
    if (!welcome) return;
    notification.success({ message: '欢迎', description: welcome, duration: 3 });
    setWelcome(null);
  }, [welcome, notification, setWelcome]);
  return null;
}
