import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { adminStatusQueryOptions, useSignedInUser } from '../../../lib/auth';
import { Spinner } from '../../../components/ui/spinner';
import { DemoPaymentsBanner } from '../components/demo-payments-banner';
import { dashboardLinks } from '../components/dashboard-menu';

/** The dashboard frame: side menu by role (wrapped rows of links on phones), greeting, and the screen. */
export function DashboardLayout() {
  // Both were loaded by the route before the dashboard is drawn; the session query keeps the name current.
  const user = useSignedInUser();
  const isAdmin = useSuspenseQuery(adminStatusQueryOptions(user.email)).data.admin;
  const links = dashboardLinks(isAdmin);

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_1fr] lg:py-12">
      <aside className="min-w-0">
        <nav aria-label="Dashboard" className="rounded-box bg-base-100 p-3 shadow-sm">
          <ul className="menu w-full gap-1 max-lg:menu-horizontal max-lg:flex-wrap">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    `whitespace-nowrap ${isActive ? 'menu-active font-semibold' : ''}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <section aria-labelledby="dashboard-greeting" className="min-w-0">
        <h1 id="dashboard-greeting" className="mb-6 text-2xl font-bold sm:text-3xl">
          Welcome, <span className="text-primary">{user.name}</span>
        </h1>
        {isAdmin && <DemoPaymentsBanner />}
        {/* Screens read data their loaders fetched; should one still have to wait, only it waits. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
