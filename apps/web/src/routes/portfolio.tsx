import { pageMeta } from '../components/layout/page-meta';
import { PortfolioPage } from '../features/portfolio/pages/portfolio-page';
import type { Route } from './+types/portfolio';

export const meta: Route.MetaFunction = pageMeta({
  title: 'My Portfolio',
  description: 'The developer who built Toolshop: skills, education and projects.',
});

export default PortfolioPage;
