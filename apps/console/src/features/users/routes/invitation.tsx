import type { InvitationInfo } from '@vitrine/contracts';
import { ROLE_LABELS } from '@vitrine/contracts/constants';
import { paths } from '@vitrine/contracts/paths';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, LogIn, UserPlus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { lookupInvitation, useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { acceptInvitation } from '../api/accept-invitation';

/**
 * /convite?token=…: the link of the invitation e-mail. A new person registers with the e-mail filled
 * in; an existing account signs in with the invited e-mail and accepts.
 */
export function InvitationRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => lookupInvitation(token),
    enabled: !!token,
    retry: false,
  });
  return (
    <AuthLayout
      title="Convite para a equipe"
      description="Entre na equipe da imobiliária no Vitrine Imóveis."
    >
      {!token ? (
        <Alert variant="danger">Este link de convite está incompleto. Abra o link do e-mail novamente.</Alert>
      ) : invitation.isPending ? (
        <PageSpinner />
      ) : invitation.isError ? (
        <div className="grid gap-4">
          <Alert variant="danger">{getApiErrorMessage(invitation.error)}</Alert>
          <Button asChild variant="outline">
            <Link to={paths.login}>Ir para o login</Link>
          </Button>
        </div>
      ) : (
        <InvitationActions token={token} invitation={invitation.data} />
      )}
    </AuthLayout>
  );
}

function InvitationActions({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const { user, refreshUser, selectRealEstate } = useAuth();
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async () => {
      await refreshUser();
      selectRealEstate(invitation.real_estate.id);
      void navigate(paths.dashboard, { replace: true });
    },
  });
  const here = { pathname: paths.invitation, search: `?token=${encodeURIComponent(token)}`, hash: '' };
  const sameUser = user && user.email.toLowerCase() === invitation.email.toLowerCase();
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {invitation.invited_by ? `${invitation.invited_by} convidou` : 'Você foi convidado:'}{' '}
        <strong>{invitation.email}</strong> para a equipe de <strong>{invitation.real_estate.name}</strong>{' '}
        como <strong>{ROLE_LABELS[invitation.role]}</strong>.
      </p>
      {accept.isError && <Alert variant="danger">{getApiErrorMessage(accept.error)}</Alert>}
      {sameUser ? (
        <Button size="lg" onClick={() => accept.mutate()} disabled={accept.isPending}>
          <CheckCircle2 aria-hidden="true" /> {accept.isPending ? 'Entrando na equipe...' : 'Aceitar convite'}
        </Button>
      ) : user ? (
        <Alert variant="warning">
          Você está conectado como {user.email}. Saia e entre com {invitation.email} para aceitar este
          convite.
        </Alert>
      ) : invitation.has_account ? (
        <Button asChild size="lg">
          <Link to={paths.login} state={{ from: here }}>
            <LogIn aria-hidden="true" /> Entrar para aceitar
          </Link>
        </Button>
      ) : (
        <Button asChild size="lg">
          <Link to={`${paths.register}?convite=${encodeURIComponent(token)}`}>
            <UserPlus aria-hidden="true" /> Criar minha conta
          </Link>
        </Button>
      )}
    </div>
  );
}
