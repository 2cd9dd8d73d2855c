import { RequireAuth } from '../features/auth/components/require-auth';

export default RequireAuth;
