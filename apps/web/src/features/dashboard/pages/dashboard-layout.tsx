import { NavLink, Outlet } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useIsAdmin, useSession } from '../../auth/api';
import { dashboardLinks } from '../components/dashboard-menu';

/** The dashboard frame: side menu by role (a top bar of links on phones), greeting, and the screen. */
export function DashboardLayout() {
  const session = useSession();
  const user = session.data;
  const adminStatus = useIsAdmin(user?.email);

  if (!user || adminStatus.isPending) return <Spinner label="Loading your dashboard" />;
  const links = dashboardLinks(adminStatus.data?.admin === true);

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_1fr] lg:py-12">
      {/* min-w-0: a grid item may otherwise grow to its widest child (the phone menu's scrolling row). */}
      <aside className="min-w-0">
        <nav aria-label="Dashboard" className="rounded-box bg-base-100 p-3 shadow-sm">
          <ul className="menu w-full gap-1 max-lg:menu-horizontal max-lg:flex-nowrap max-lg:overflow-x-auto">
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
        <Outlet />
      </section>
    </div>
  );
}
