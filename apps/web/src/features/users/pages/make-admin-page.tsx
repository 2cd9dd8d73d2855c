import { toast } from 'react-toastify';
import { toasts } from '@toolshop/shared/messages';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useMakeAdmin, useUsers } from '../api';

/** SPEC §2 Make Admin: every account by e-mail, with a Make Admin button for those who are not. */
export function MakeAdminPage() {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();

  if (users.isPending) return <Spinner label="Loading users" />;
  if (users.isError) return <QueryError what="the users" onRetry={() => void users.refetch()} />;

  const promote = (email: string) =>
    makeAdmin.mutate(email, {
      onSuccess: () => toast.success(toasts.madeAdmin),
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm">
      <table className="table">
        <caption className="px-4 py-3 text-left text-lg font-semibold">Users ({users.data.length})</caption>
        <thead>
          <tr>
            <th scope="col">No</th>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user, index) => (
            <tr key={user._id}>
              <td>{index + 1}</td>
              <td className="break-all">{user.email}</td>
              <td>{user.name}</td>
              <td>
                {user.role === 'admin' ? (
                  <span className="badge badge-success badge-soft">admin</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-xs"
                    disabled={makeAdmin.isPending && makeAdmin.variables === user.email}
                    onClick={() => promote(user.email)}
                  >
                    Make Admin
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
