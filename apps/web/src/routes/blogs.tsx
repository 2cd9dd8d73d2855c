import { pageMeta } from '../components/layout/page-meta';
import { BlogsPage } from '../features/blogs/pages/blogs-page';
import type { Route } from './+types/blogs';

export const meta: Route.MetaFunction = pageMeta({
  title: 'Blogs',
  description: 'Short answers to questions web developers ask about React and JavaScript.',
});

export default BlogsPage;
