/**
 * Staff tab (issue 27; Owner only): invite a person by email with a role, change a member's
 * role, remove a member, revoke an open invite, and change the admin passcode. The server
 * decides every rule (last Owner, own role, role above one's own) and answers its sentence,
 * shown here as it is.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { StaffOverview } from '@domain/staff-contract';
import {
  PASSCODE_MIN_LENGTH,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  STAFF_ROLE_SUMMARIES,
  STAFF_TEXTS,
  type StaffRole,
} from '@domain/staff-roles';
import { formatDate } from '@domain/dates';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { adminGet, adminSend } from '~/lib/admin/admin-api';
import { ApiError } from '~/lib/json-api';
import { notify } from '~/lib/notify';

const STAFF_KEY = ['admin', 'staff'];

function failed(title: string) {
  return (error: unknown) =>
    notify({ title, description: error instanceof ApiError ? error.message : undefined, variant: 'destructive' });
}

export function StaffTab({ selfId }: { selfId: string | null }) {
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: () => adminGet<StaffOverview>('/api/admin/staff') });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  const formId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('fulfillment');

  const invite = useMutation({
    mutationFn: () => adminSend('/api/admin/staff', 'POST', { email: email.trim(), role }),
    onSuccess: () => {
      notify({
        title: 'Invite sent',
        description: `${email.trim()} can join as ${STAFF_ROLE_LABELS[role]} within 72 hours.`,
      });
      setEmail('');
    },
    onError: failed('The invite was not sent'),
    onSettled: refresh,
  });
  const changeRole = useMutation({
    mutationFn: (change: { id: string; role: StaffRole }) =>
      adminSend(`/api/admin/staff/${change.id}`, 'PATCH', { role: change.role }),
    onSuccess: () => notify({ title: 'Role changed', description: 'Their admin sessions have ended.' }),
    onError: failed('The role was not changed'),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => adminSend(`/api/admin/staff/${id}`, 'DELETE'),
    onSuccess: () => notify({ title: 'Staff member removed' }),
    onError: failed('The member was not removed'),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => adminSend(`/api/admin/staff/invites/${id}`, 'DELETE'),
    onSuccess: () => notify({ title: 'Invite revoked' }),
    onError: failed('The invite was not revoked'),
    onSettled: refresh,
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby={`${formId}-members`} className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <h2 id={`${formId}-members`} className="text-lg font-semibold">
          Staff ({staff.data?.members.length ?? 0})
        </h2>
        {staff.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {staff.error instanceof ApiError ? staff.error.message : 'Failed to fetch staff'}
          </p>
        )}
        <ul className="mt-4 divide-y divide-line">
          {staff.data?.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="staff-member">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{member.email}</p>
                <p className="text-xs text-muted">
                  Joined {formatDate(member.joinedAt)} · invited by {member.invitedBy}
                </p>
              </div>
              <Label htmlFor={`${formId}-role-${member.id}`} className="sr-only">
                Role of {member.email}
              </Label>
              <NativeSelect
                id={`${formId}-role-${member.id}`}
                value={member.role}
                disabled={member.id === selfId || changeRole.isPending}
                onChange={(event) => changeRole.mutate({ id: member.id, role: event.target.value as StaffRole })}
                className="w-36"
              >
                {STAFF_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {STAFF_ROLE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove ${member.email}`}
                onClick={() => {
                  if (window.confirm(`Remove ${member.email} from the staff? Their admin sessions end at once.`))
                    remove.mutate(member.id);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
          {staff.data && staff.data.members.length === 0 && (
            <li className="py-3 text-sm text-muted">
              No staff yet: the passcode is the only key. Invite someone below.
            </li>
          )}
        </ul>
        {staff.data && staff.data.invites.length > 0 && (
          <>
            <h3 className="mt-6 text-sm font-semibold">Open invites</h3>
            <ul className="mt-2 divide-y divide-line">
              {staff.data.invites.map((open) => (
                <li key={open.id} className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="staff-invite">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{open.email}</p>
                    <p className="text-xs text-muted">
                      {STAFF_ROLE_LABELS[open.role]} · valid until {formatDate(open.expiresAt)}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => revoke.mutate(open.id)}
                    disabled={revoke.isPending}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <div className="space-y-6">
        <section aria-labelledby={`${formId}-invite`} className="rounded-xl border border-line bg-white p-4 sm:p-5">
          <h2 id={`${formId}-invite`} className="text-lg font-semibold">
            Invite a person
          </h2>
          <form
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!email.trim()) return notify({ title: STAFF_TEXTS.emailInvalid, variant: 'destructive' });
              invite.mutate();
            }}
          >
            <div className="space-y-2">
              <Label htmlFor={`${formId}-email`}>Email</Label>
              <Input
                id={`${formId}-email`}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${formId}-new-role`}>Role</Label>
              <NativeSelect
                id={`${formId}-new-role`}
                value={role}
                onChange={(event) => setRole(event.target.value as StaffRole)}
                aria-describedby={`${formId}-role-summary`}
              >
                {STAFF_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {STAFF_ROLE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
              <p id={`${formId}-role-summary`} className="text-xs text-muted">
                {STAFF_ROLE_SUMMARIES[role]}
              </p>
            </div>
            <Button type="submit" variant="brand" className="w-full" disabled={invite.isPending}>
              Send invite
            </Button>
          </form>
        </section>
        <PasscodeForm />
      </div>
    </div>
  );
}

/** The owner's key (issue 27 Deliver 3): a new passcode ends every passcode session. */
function PasscodeForm() {
  const formId = useId();
  const [passcode, setPasscode] = useState('');
  const [again, setAgain] = useState('');
  const change = useMutation({
    mutationFn: () => adminSend('/api/admin/passcode', 'PUT', { passcode }),
    onSuccess: () => {
      notify({ title: STAFF_TEXTS.passcodeChanged });
      setPasscode('');
      setAgain('');
    },
    onError: failed('The passcode was not changed'),
  });
  return (
    <section aria-labelledby={`${formId}-passcode`} className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <h2 id={`${formId}-passcode`} className="text-lg font-semibold">
        Admin passcode
      </h2>
      <p className="mt-1 text-xs text-muted">
        The passcode is the owner&apos;s key. A new one ends every passcode session.
      </p>
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (passcode.length < PASSCODE_MIN_LENGTH) {
            return notify({ title: STAFF_TEXTS.passcodeTooShort(PASSCODE_MIN_LENGTH), variant: 'destructive' });
          }
          if (passcode !== again) return notify({ title: 'The two passcodes differ.', variant: 'destructive' });
          change.mutate();
        }}
      >
        <div className="space-y-2">
          <Label htmlFor={`${formId}-new`}>New passcode</Label>
          <Input
            id={`${formId}-new`}
            type="password"
            autoComplete="new-password"
            value={passcode}
            onChange={(event) => setPasscode(event.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${formId}-again`}>New passcode again</Label>
          <Input
            id={`${formId}-again`}
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(event) => setAgain(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" className="w-full" disabled={change.isPending}>
          Change passcode
        </Button>
      </form>
    </section>
  );
}
