import { RequireAdmin } from '../features/auth/components/require-admin';

export default RequireAdmin;
