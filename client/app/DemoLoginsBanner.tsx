import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { isAdmin, type RoleSubject } from '../../shared/domain/roles';
import { texts } from '../../shared/i18n/translate';
import { UI } from '../../shared/i18n/ui';
import { apiGet } from './api';

export const demoLoginsKey = ['auth', 'demo-logins'] as const;

/** Tells admins while demo accounts still open with their public password or QR badge (the schema, with zod, loads with the answer: the shell paints without it). */
export function DemoLoginsBanner({ user }: { user: RoleSubject }) {
  const admin = isAdmin(user);
  const q = useQuery({
    queryKey: demoLoginsKey,
    queryFn: async () => apiGet('/auth/demo-logins', (await import('../../shared/schemas/auth')).DemoLoginsResponse),
    enabled: admin,
    staleTime: 60_000,
  });
  const emails = q.data?.emails ?? [];
  if (!admin || emails.length === 0) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 text-amber-900" data-testid="demo-logins-banner">
      <div className="mx-auto flex max-w-7xl items-start gap-2 px-3 py-2 text-sm">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>
          {texts(UI).demoLoginsPublic} {emails.join(', ')}
        </p>
      </div>
    </div>
  );
}
