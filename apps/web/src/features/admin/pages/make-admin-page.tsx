import { useState } from 'react';
import { toast } from '../../../components/ui/toasts';
import { toasts } from '@toolshop/shared/messages';
import type { User } from '@toolshop/shared/user';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { useSignedInUser } from '../../../lib/auth';
import { useMakeAdmin, useRevokeAdmin, useUsers } from '../../users/api';

/** A role change waiting for the admin's yes: giving or taking away admin rights is not undone by a click. */
interface RoleChange {
  user: User;
  kind: 'promote' | 'revoke';
}

function ConfirmRoleChange({ change, onClose }: { change: RoleChange | null; onClose: () => void }) {
  const makeAdmin = useMakeAdmin();
  const revokeAdmin = useRevokeAdmin();
  const busy = makeAdmin.isPending || revokeAdmin.isPending;
  const promoting = change?.kind === 'promote';
  const email = change?.user.email ?? '';

  const confirm = () => {
    if (!change) return;
    const options = { onError: (error: Error) => toast.error(error.message), onSettled: onClose };
    if (promoting) makeAdmin.mutate(email, { ...options, onSuccess: () => toast.success(toasts.madeAdmin) });
    else
      revokeAdmin.mutate(email, { ...options, onSuccess: () => toast.success(toasts.adminRevoked(email)) });
  };

  return (
    <ConfirmDialog
      open={change !== null}
      title={promoting ? `Make ${email} an admin?` : `Revoke admin for ${email}?`}
      keepLabel="Cancel"
      confirmLabel={promoting ? 'Make Admin' : 'Revoke admin'}
      tone={promoting ? 'primary' : 'error'}
      busy={busy}
      onClose={onClose}
      onConfirm={confirm}
    >
      {promoting
        ? 'They will be able to manage every order, product and user, including other admins.'
        : 'They become a customer again and lose the admin screens at once.'}
    </ConfirmDialog>
  );
}

function RoleCell({
  user,
  isSelf,
  onChange,
}: {
  user: User;
  isSelf: boolean;
  onChange: (c: RoleChange) => void;
}) {
  if (user.role !== 'admin') {
    return (
      <button
        type="button"
        className="btn btn-primary btn-xs"
        onClick={() => onChange({ user, kind: 'promote' })}
        aria-label={`Make Admin ${user.email}`}
      >
        Make Admin
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="badge badge-success badge-soft">admin</span>
      {isSelf ? (
        <span className="text-xs text-base-content/60">you</span>
      ) : (
        <button
          type="button"
          className="btn btn-error btn-outline btn-xs"
          onClick={() => onChange({ user, kind: 'revoke' })}
          aria-label={`Revoke admin ${user.email}`}
        >
          Revoke admin
        </button>
      )}
    </div>
  );
}

/** SPEC §2 Make Admin: every account by e-mail; admins are made (and other admins revoked) after a confirm. */
export function MakeAdminPage() {
  const users = useUsers();
  const ownEmail = useSignedInUser().email;
  const [change, setChange] = useState<RoleChange | null>(null);

  return (
    <>
      <DataTable caption={`Users (${users.length})`} showCaption columns={['No', 'Email', 'Name', 'Role']}>
        {users.map((user, index) => (
          <tr key={user._id}>
            <td>{index + 1}</td>
            <td className="break-all">{user.email}</td>
            <td>{user.name}</td>
            <td>
              <RoleCell user={user} isSelf={user.email === ownEmail} onChange={setChange} />
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmRoleChange change={change} onClose={() => setChange(null)} />
    </>
  );
}
