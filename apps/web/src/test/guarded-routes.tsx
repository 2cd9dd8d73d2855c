import { useLocation, type createRoutesStub, type LoaderFunction } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { PageSpinner } from '../components/ui/spinner';
import * as requireAdmin from '../routes/require-admin';
import * as requireAuth from '../routes/require-auth';

type StubRoutes = Parameters<typeof createRoutesStub>[0];
type StubComponent = NonNullable<StubRoutes[number]['Component']>;

/** What a test needs of a screen's route module. */
export interface ScreenModule {
  // The stub hands each its route's props (loaderData, error), as the framework does.
  default: StubComponent;
  // Typed by its route (Route.ClientLoaderArgs); the stub calls it with a loader's arguments, which carry
  // all it reads (request, params).
  clientLoader: (args: never) => Promise<unknown>;
  ErrorBoundary: StubComponent;
}

/** A screen's route module at `path`, as routes.ts mounts it: its loader, screen and error boundary. */
export const screenAt = (path: string, screen: ScreenModule): StubRoutes[number] => ({
  path,
  Component: screen.default,
  loader: screen.clientLoader as LoaderFunction,
  ErrorBoundary: screen.ErrorBoundary,
});

/** The login page, saying the address it was opened at (the guard's way back rides in it). */
function LoginStub() {
  const { search } = useLocation();
  return (
    <>
      <h1>Login</h1>
      <p>Opened with {search}</p>
    </>
  );
}

/** `children` behind RequireAuth as routes.ts has it (loader, error boundary), and a login page. */
export const behindSignIn = (children: StubRoutes): StubRoutes => [
  {
    Component: requireAuth.default,
    loader: requireAuth.clientLoader as LoaderFunction,
    // The app's server renders this layout; the stub loads in the browser only, so it waits with a spinner.
    HydrateFallback: PageSpinner,
    ErrorBoundary: requireAuth.ErrorBoundary,
    children,
  },
  { path: paths.login, Component: LoginStub },
];

/** `children` behind both guard layouts, RequireAdmin inside RequireAuth, as routes.ts nests them. */
export const behindGuards = (children: StubRoutes): StubRoutes =>
  behindSignIn([
    {
      Component: requireAdmin.default,
      loader: requireAdmin.clientLoader as LoaderFunction,
      ErrorBoundary: requireAdmin.ErrorBoundary,
      children,
    },
  ]);
