import { toast } from 'react-toastify';
import { toasts } from '@toolshop/shared/messages';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useMakeAdmin, useUsers } from '../api';
import { DataTable } from '../../../components/ui/data-table';

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
    <DataTable caption={`Users (${users.data.length})`} showCaption columns={['No', 'Email', 'Name', 'Role']}>
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
    </DataTable>
  );
}
