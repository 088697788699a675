import { Suspense, useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { permissionsAtom, tokenAtom } from '../state/atoms';
import { useLoadPermissions, useLogout } from '../state/session-actions';
import { PageLoading } from '../pages/PageLoading';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { guard, loginRedirect } from './guard';
import { lazyPage } from './lazy-page';

const UserLayout = lazyPage(() => import('../layouts/UserLayout'));
const LoginPage = lazyPage(() => import('../pages/login/LoginPage'));
const RegisterPage = lazyPage(() => import('../pages/self-service/RegisterPage'));
const RegisterResultPage = lazyPage(() => import('../pages/self-service/RegisterResultPage'));
const AlterationPage = lazyPage(() => import('../pages/self-service/AlterationPage'));
const BlankLayout = lazyPage(() => import('../layouts/BlankLayout'));
const TestHomePage = lazyPage(() => import('../pages/TestHomePage'));
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'));
const MainLayout = lazyPage(() => import('../layouts/MainLayout'));

/** Fetches permissions once after sign-in; on failure signs out and goes to login. */
function PermissionLoader() {
  const load = useLoadPermissions();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load().catch(async () => {
      await logout(() =>
        navigate(loginRedirect(location.pathname + location.search), { replace: true }),
      );
    });
  }, [load, logout, navigate, location]);
  return <PageLoading tip="正在加载菜单…" />;
}

/** Routes of shell.md §2 behind the navigation guard. */
export function AppRoutes() {
  const location = useLocation();
  const token = useAtomValue(tokenAtom);
  const permissions = useAtomValue(permissionsAtom);
  const decision = guard(location.pathname, location.search, Boolean(token), Boolean(permissions));

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-permissions') return <PermissionLoader />;

  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/user" element={<UserLayout />}>
            <Route index element={<Navigate to="/user/login" replace />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="register-result" element={<RegisterResultPage />} />
            <Route path="alteration" element={<AlterationPage />} />
          </Route>
          <Route path="/test" element={<BlankLayout />}>
            <Route index element={<Navigate to="/test/home" replace />} />
            <Route path="home" element={<TestHomePage />} />
          </Route>
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/*" element={<MainLayout />} />
        </Routes>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
