import { pageMeta } from '../components/layout/page-meta';
import { PortfolioPage } from '../features/portfolio/pages/portfolio-page';

export const meta = pageMeta({
  title: 'My Portfolio',
  description: 'The developer who built Toolshop: skills, education and projects.',
});

export default PortfolioPage;
