import { Outlet } from 'react-router-dom';

/** A bare page: no menu, no header. */
export default function BlankLayout() {
  return (
    <div style={{ minHeight: '100vh', padding: 24, background: '#fff', boxSizing: 'border-box' }}>
      <Outlet />
    </div>
  );
}
