/**
 * Team (docs/product.md#team): the members list, invitations by e-mail (hashed, single-use, 7 days), role
 * changes and removals with the server's rules, lead assignment and rotation, agents' lead scope and the
 * audit log, through the HTTP API on PGlite and PostgreSQL.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@vitrine/contracts';
import { leads, memberships, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  uniqueEmail,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { captureLead } from '../leads/index.ts';
import { assignLeadByRotation } from './lead-assignment.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const client = () => new TestClient(ctx.app);
async function signedIn(email: string) {
  const c = client();
  await c.login(email);
  return c;
}

async function outboxFor(email: string) {
  const dir = path.join(ctx.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mine = files.filter((f) => f.includes(email.replace(/[^a-z0-9@._-]+/gi, '_')));
  return Promise.all(mine.map((f) => readFile(path.join(dir, f), 'utf8')));
}
/** The invitation token of an e-mail (the newest one sent to that address). */
async function invitationToken(email: string): Promise<string> {
  const mails = await outboxFor(email);
  const eml = mails.at(-1);
  if (!eml) throw new Error(`no e-mail to ${email}`);
  const m = eml
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .match(/https?:\/\/\S+\/convite\?token=([^\s"<&]+)/);
  if (!m) throw new Error('no invitation link in the e-mail');
  return decodeURIComponent(m[1]!);
}

const register = (c: TestClient, email: string, token: string | null, name = 'Nova Corretora') =>
  c.post('/v1/register', {
    name,
    email,
    password: 'senha-nova-123',
    password_confirmation: 'senha-nova-123',
    ...(token ? { invitation_token: token } : {}),
  });

describe('members list', () => {
  it('pages 10 at a time, searches name or e-mail, filters role and status; agents get 403', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Lista');
    const agents = [];
    for (let i = 0; i < 11; i++) agents.push(await addMember(ctx, owner.realEstateId, 'agent'));
    await ctx.database.db
      .update(users)
      .set({ name: 'Zélia Buscável' })
      .where(eq(users.id, agents[3]!.userId));
    const c = await signedIn(owner.email);
    // Thirteen people: past the trial's 5 users, so the agency takes the plan with 20.
    const plan = await c.put(`/v1/real-estates/${owner.realEstateId}/subscription`, {
      plan: 'imobiliaria',
      billing_type: 'PIX',
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const inv = await c.post(`/v1/real-estates/${owner.realEstateId}/users`, {
      email: uniqueEmail('convite'),
      role: 'admin',
    });
    expect(inv.statusCode).toBe(201);

    const base = `/v1/real-estates/${owner.realEstateId}/users`;
    const first = (await c.get(base)).json();
    expect(first.data).toHaveLength(10);
    expect(first.meta).toMatchObject({
      current_page: 1,
      per_page: 10,
      total: 13,
      last_page: 2,
      from: 1,
      to: 10,
    });
    expect(first.data[0]).toMatchObject({ role: 'owner', status: 'active', email: owner.email });
    const second = (await c.get(`${base}?page=2`)).json();
    expect(second.data).toHaveLength(3);
    expect(second.links.prev).toContain('page=1');

    const byName = (await c.get(`${base}?search=buscável`)).json();
    expect(byName.data.map((m: { id: number }) => m.id)).toEqual([agents[3]!.userId]);
    const byEmail = (await c.get(`${base}?search=${encodeURIComponent(agents[5]!.email)}`)).json();
    expect(byEmail.data.map((m: { id: number }) => m.id)).toEqual([agents[5]!.userId]);
    const invited = (await c.get(`${base}?status=invited`)).json();
    expect(invited.data).toHaveLength(1);
    expect(invited.data[0]).toMatchObject({ role: 'admin', status: 'invited', name: null, joined_at: null });
    expect(invited.data[0].invite_expires_at).toBeTruthy();
    expect((await c.get(`${base}?role=agent`)).json().meta.total).toBe(11);
    const bad = await c.get(`${base}?role=chefe&per_page=0`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'role']);

    const agent = await signedIn(agents[0]!.email);
    expect((await agent.get(base)).statusCode).toBe(403);
  });
});

describe('invitations', () => {
  it('a new person registers through the link, lands in the agency, and the token works once', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Convite');
    const c = await signedIn(owner.email);
    const email = uniqueEmail('novo');
    const res = await c.post(`/v1/real-estates/${owner.realEstateId}/users`, { email, role: 'agent' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email, role: 'agent', status: 'invited' });
    const token = await invitationToken(email);

    // stored hashed, valid for 7 days
    const [row] = await ctx.database.db
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.realEstateId, owner.realEstateId), eq(memberships.inviteId, res.json().data.id)),
      );
    expect(row!.inviteTokenHash).toBe(sha256(token));
    expect(row!.inviteTokenHash).not.toContain(token);
    const days = (row!.inviteExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // the invited e-mail cannot sign in before registering
    expect((await client().post('/v1/login', { email, password: '' })).statusCode).toBe(422);

    const look = await client().post('/v1/invitations/lookup', { token });
    expect(look.statusCode).toBe(200);
    expect(look.json().data).toMatchObject({
      email,
      role: 'agent',
      real_estate: { id: owner.realEstateId, name: 'Imobiliária Convite' },
      invited_by: 'Dona Teste',
      has_account: false,
    });

    const wrongEmail = await register(client(), uniqueEmail('outro'), token);
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json().errors.email).toEqual([TEAM_MESSAGES.invitationOtherEmail]);

    const newcomer = client();
    const reg = await register(newcomer, email, token);
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.real_estates).toEqual([
      { id: owner.realEstateId, name: 'Imobiliária Convite', logo_url: null, role: 'agent' },
    ]);
    expect((await newcomer.get(`/v1/real-estates/${owner.realEstateId}/leads`)).statusCode).toBe(200);

    // single use
    expect((await client().post('/v1/invitations/lookup', { token })).statusCode).toBe(404);
    const again = await register(client(), email, token, 'Outra Pessoa');
    expect(again.statusCode).toBe(422);
    const listed = (
      await c.get(`/v1/real-estates/${owner.realEstateId}/users?status=active&role=agent`)
    ).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ email, name: 'Nova Corretora', status: 'active' }),
    ]);
  });

  it('an invited e-mail that registers normally gets its account; the invitation stays pending for the link', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Cadastro Direto');
    const c = await signedIn(owner.email);
    const email = uniqueEmail('direto');
    const invited = (
      await c.post(`/v1/real-estates/${owner.realEstateId}/users`, { email, role: 'agent' })
    ).json().data;
    const token = await invitationToken(email);

    // a sign-up without the link (with an agency of their own) is an ordinary sign-up
    const person = client();
    const reg = await person.post('/v1/register', {
      name: 'Corretora Direta',
      email: email.toUpperCase(),
      password: 'senha-forte-123',
      password_confirmation: 'senha-forte-123',
      real_estate_name: 'Minha Própria Imobiliária',
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user).toMatchObject({ name: 'Corretora Direta', email });
    expect(invited.id).not.toBe(reg.json().user.id);
    // it proves nothing about the mailbox: not a member of the inviting agency until the link is used
    expect(reg.json().user.real_estates.map((r: { name: string }) => r.name)).toEqual([
      'Minha Própria Imobiliária',
    ]);
    expect((await person.get(`/v1/real-estates/${owner.realEstateId}`)).statusCode).toBe(404);
    const look = await client().post('/v1/invitations/lookup', { token });
    expect(look.statusCode).toBe(200);
    expect(look.json().data).toMatchObject({ email, has_account: true });
    // a second sign-up of the same e-mail is the usual "already registered"
    const twice = await register(client(), email, null);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.email).toEqual(['Este e-mail já está cadastrado.']);

    // signed in, the link joins them
    const ok = await person.post('/v1/invitations/accept', { token });
    expect(ok.statusCode).toBe(200);
    expect(
      ok.json().user.real_estates.map((r: { id: number; role: string }) => [r.id, r.role]),
    ).toContainEqual([owner.realEstateId, 'agent']);
    const login = await client().post('/v1/login', { email, password: 'senha-forte-123' });
    expect(login.statusCode).toBe(200);
  });

  it('an existing account joins after signing in with the invited e-mail, not with another', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Existente');
    const other = await createOwner(ctx, 'Outra Casa');
    const someoneElse = await createOwner(ctx, 'Terceira');
    const c = await signedIn(owner.email);
    const invited = await c.post(`/v1/real-estates/${owner.realEstateId}/users`, {
      email: other.email,
      role: 'admin',
    });
    // Until they join, the agency learns nothing about the account behind the e-mail: not its name
    // (docs/decisions/018-accounts-and-abuse.md), not through the list, its order, nor a search by name.
    expect(invited.json().data).toMatchObject({ email: other.email, name: null, status: 'invited' });
    const base = `/v1/real-estates/${owner.realEstateId}/users`;
    const pending = (await c.get(`${base}?status=invited`)).json().data;
    expect(pending).toEqual([expect.objectContaining({ email: other.email, name: null })]);
    // …nor its id: the invitation has one of its own, as fresh as a new person's would be, in the
    // answer, the list and the audit log; the account's id names nothing here before they join.
    const inviteId = invited.json().data.id;
    expect(inviteId).not.toBe(other.userId);
    expect(inviteId).toBeGreaterThan(someoneElse.userId);
    expect(pending[0].id).toBe(inviteId);
    const audit = (await c.get(`/v1/real-estates/${owner.realEstateId}/audit-log`)).json().data;
    expect(audit.find((e: { action: string }) => e.action === 'member.invited').subject).toBe(
      String(inviteId),
    );
    expect(JSON.stringify(audit)).not.toContain(`"subject":"${other.userId}"`);
    expect((await c.put(`${base}/${other.userId}`, { role: 'agent' })).statusCode).toBe(404);
    expect((await c.post(`/v1/users/${other.userId}/resend-invite`)).statusCode).toBe(404);
    expect((await c.delete(`${base}/${other.userId}`)).statusCode).toBe(404);
    // The invitation's own id is what the screen's buttons use.
    const changed = await c.put(`${base}/${inviteId}`, { user_id: inviteId, role: 'agent' });
    expect(changed.json().data).toMatchObject({ id: inviteId, role: 'agent', name: null });
    expect((await c.put(`${base}/${inviteId}`, { role: 'admin' })).statusCode).toBe(200);
    expect(
      (await c.get(`${base}?search=${encodeURIComponent('Dona Teste')}&status=invited`)).json().data,
    ).toEqual([]);
    const token = await invitationToken(other.email);
    const look = (await client().post('/v1/invitations/lookup', { token })).json().data;
    expect(look.has_account).toBe(true);

    const invitee = await signedIn(other.email);
    // invited, not yet a member: the agency is not theirs
    expect((await invitee.get('/v1/me')).json().user.real_estates).toHaveLength(1);
    expect((await invitee.get(`/v1/real-estates/${owner.realEstateId}`)).statusCode).toBe(404);

    const wrong = await (await signedIn(someoneElse.email)).post('/v1/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(TEAM_MESSAGES.invitationOtherEmail);
    expect((await client().post('/v1/invitations/accept', { token })).statusCode).toBe(401);

    const ok = await invitee.post('/v1/invitations/accept', { token });
    expect(ok.statusCode).toBe(200);
    expect(
      ok.json().user.real_estates.map((r: { id: number; role: string }) => [r.id, r.role]),
    ).toContainEqual([owner.realEstateId, 'admin']);
    expect((await invitee.get(`/v1/real-estates/${owner.realEstateId}/users`)).statusCode).toBe(200);
    // Joined: now the agency sees who it is.
    expect((await c.get(`${base}?status=active`)).json().data).toContainEqual(
      expect.objectContaining({ id: other.userId, email: other.email, name: 'Dona Teste' }),
    );
    const twice = await invitee.post('/v1/invitations/accept', { token });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.token).toEqual([TEAM_MESSAGES.invitationInvalid]);
  });

  it('an expired link is refused; resend makes a new token and a new expiry and kills the old link', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Reenvio');
    const c = await signedIn(owner.email);
    const email = uniqueEmail('reenvio');
    const invited = (
      await c.post(`/v1/real-estates/${owner.realEstateId}/users`, { email, role: 'agent' })
    ).json().data;
    const oldToken = await invitationToken(email);
    await ctx.database.db
      .update(memberships)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberships.inviteId, invited.id));
    expect((await client().post('/v1/invitations/lookup', { token: oldToken })).statusCode).toBe(404);
    const expired = await register(client(), email, oldToken);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.invitation_token).toEqual([TEAM_MESSAGES.invitationInvalid]);

    const resent = await c.post(`/v1/users/${invited.id}/resend-invite`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(`Convite reenviado para ${email}.`);
    expect(new Date(resent.json().data.invite_expires_at).getTime()).toBeGreaterThan(
      Date.now() + 6.9 * 86_400_000,
    );
    expect(await outboxFor(email)).toHaveLength(2);
    const newToken = await invitationToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await client().post('/v1/invitations/lookup', { token: oldToken })).statusCode).toBe(404);
    expect((await client().post('/v1/invitations/lookup', { token: newToken })).statusCode).toBe(200);

    // only pending invitations are resent; another agency's member is a 404
    const member = await addMember(ctx, owner.realEstateId, 'agent');
    const active = await c.post(`/v1/users/${member.userId}/resend-invite`);
    expect(active.statusCode).toBe(422);
    expect(active.json().message).toBe(TEAM_MESSAGES.notInvited);
    const stranger = await createOwner(ctx, 'Estranha');
    expect(
      (await (await signedIn(stranger.email)).post(`/v1/users/${invited.id}/resend-invite`)).statusCode,
    ).toBe(404);
  });

  it('refuses a second invitation of the same e-mail, a current member, and bad input with field messages', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Duplicada');
    const member = await addMember(ctx, owner.realEstateId, 'agent');
    const c = await signedIn(owner.email);
    const url = `/v1/real-estates/${owner.realEstateId}/users`;
    const email = uniqueEmail('dup');
    expect((await c.post(url, { email, role: 'agent' })).statusCode).toBe(201);
    const dup = await c.post(url, { email: email.toUpperCase(), role: 'agent' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual([TEAM_MESSAGES.alreadyInvited]);
    const mem = await c.post(url, { email: member.email, role: 'admin' });
    expect(mem.json().errors.email).toEqual([TEAM_MESSAGES.alreadyMember]);
    const bad = await c.post(url, { email: 'não é e-mail', role: 'chefe' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'role']);
  });
});

describe('plan seats', () => {
  it("an invitation holds a seat: past the plan's users it is refused on the e-mail field, nothing written", async () => {
    const owner = await createOwner(ctx, 'Imobiliária Lotada');
    for (let i = 0; i < 3; i++) await addMember(ctx, owner.realEstateId, 'agent');
    const c = await signedIn(owner.email);
    const base = `/v1/real-estates/${owner.realEstateId}/users`;
    // The trial has the Profissional limits: 5 users; the owner and 3 agents leave one seat.
    expect((await c.post(base, { email: uniqueEmail('quinto'), role: 'agent' })).statusCode).toBe(201);
    const full = await c.post(base, { email: uniqueEmail('sexto'), role: 'agent' });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.email).toEqual([
      'Seu plano Profissional permite 5 usuários. Remova alguém ou mude de plano em Assinatura.',
    ]);
    expect((await c.get(base)).json().meta.total).toBe(5);
  });
});

describe('roles', () => {
  it('nobody grants a role above their own nor touches a member above them', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Papéis');
    const admin = await addMember(ctx, owner.realEstateId, 'admin');
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const a = await signedIn(admin.email);
    const base = `/v1/real-estates/${owner.realEstateId}/users`;
    const invite = await a.post(base, { email: uniqueEmail('dono'), role: 'owner' });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().message).toBe(TEAM_MESSAGES.roleAboveOwn);
    expect(
      (await a.put(`${base}/${agent.userId}`, { user_id: agent.userId, role: 'owner' })).statusCode,
    ).toBe(403);
    const demoteOwner = await a.put(`${base}/${owner.userId}`, { user_id: owner.userId, role: 'agent' });
    expect(demoteOwner.statusCode).toBe(403);
    expect(demoteOwner.json().message).toBe(TEAM_MESSAGES.manageAbove);
    expect((await a.delete(`${base}/${owner.userId}`, { user_id: owner.userId })).statusCode).toBe(403);
    // an admin manages agents and admins
    const promoted = await a.put(`${base}/${agent.userId}`, { user_id: agent.userId, role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ id: agent.userId, role: 'admin' });
    // the body's user_id must be the path's
    const mismatch = await a.put(`${base}/${agent.userId}`, { user_id: owner.userId, role: 'agent' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.user_id).toEqual([TEAM_MESSAGES.userIdMismatch]);
    // an agent manages nobody
    const ag = await signedIn((await addMember(ctx, owner.realEstateId, 'agent')).email);
    expect((await ag.put(`${base}/${admin.userId}`, { role: 'agent' })).statusCode).toBe(403);
    expect((await ag.post(base, { email: uniqueEmail('x'), role: 'agent' })).statusCode).toBe(403);
  });

  it('the last owner cannot be demoted nor removed (422); with a second owner they can', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Dono');
    const c = await signedIn(owner.email);
    const base = `/v1/real-estates/${owner.realEstateId}/users`;
    const demote = await c.put(`${base}/${owner.userId}`, { user_id: owner.userId, role: 'admin' });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe(TEAM_MESSAGES.lastOwner);
    const remove = await c.delete(`${base}/${owner.userId}`, { user_id: owner.userId });
    expect(remove.statusCode).toBe(422);
    expect(remove.json().message).toBe(TEAM_MESSAGES.lastOwner);
    // an invited owner does not count as an owner yet
    await c.post(base, { email: uniqueEmail('dono2'), role: 'owner' });
    expect((await c.put(`${base}/${owner.userId}`, { role: 'admin' })).statusCode).toBe(422);

    const second = await addMember(ctx, owner.realEstateId, 'owner');
    expect(
      (await c.put(`${base}/${owner.userId}`, { user_id: owner.userId, role: 'admin' })).statusCode,
    ).toBe(200);
    const s = await signedIn(second.email);
    expect((await s.put(`${base}/${second.userId}`, { role: 'agent' })).statusCode).toBe(422);
  });
});

describe('removal', () => {
  it('a removed member loses the agency at once, in every session; their leads go back to nobody', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Remoção');
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const { lead } = await captureLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      name: 'Lead do corretor',
      phone: '11977776666',
      consent: true,
    });
    await ctx.database.db.update(leads).set({ assignedUserId: agent.userId }).where(eq(leads.id, lead.id));
    const phone = await signedIn(agent.email);
    const laptop = await signedIn(agent.email);
    expect((await phone.get(`/v1/leads/${lead.id}`)).statusCode).toBe(200);

    const c = await signedIn(owner.email);
    const res = await c.delete(`/v1/real-estates/${owner.realEstateId}/users/${agent.userId}`, {
      user_id: agent.userId,
    });
    expect(res.statusCode).toBe(204);
    for (const s of [phone, laptop]) {
      expect((await s.get(`/v1/leads/${lead.id}`)).statusCode).toBe(404);
      expect((await s.get(`/v1/real-estates/${owner.realEstateId}/leads`)).statusCode).toBe(404);
      expect((await s.get('/v1/me')).json().user.real_estates).toEqual([]);
    }
    const [after] = await ctx.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.assignedUserId).toBeNull();
  });

  it('removing a pending invitation cancels its link', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Cancelamento');
    const c = await signedIn(owner.email);
    const email = uniqueEmail('cancelado');
    const id = (await c.post(`/v1/real-estates/${owner.realEstateId}/users`, { email, role: 'agent' })).json()
      .data.id;
    const token = await invitationToken(email);
    expect((await c.delete(`/v1/real-estates/${owner.realEstateId}/users/${id}`)).statusCode).toBe(204);
    expect((await client().post('/v1/invitations/lookup', { token })).statusCode).toBe(404);
    // the e-mail is free again: a plain sign-up works
    expect((await register(client(), email, null)).statusCode).toBe(201);
  });
});

describe('lead assignment and what agents see', () => {
  it('a manager assigns a lead; an agent sees only their leads unless the agency lets them see all', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Atribuição');
    const ana = await addMember(ctx, owner.realEstateId, 'agent');
    const bia = await addMember(ctx, owner.realEstateId, 'agent');
    const capture = (name: string) =>
      captureLead(ctx.app.deps, {
        realEstateId: owner.realEstateId,
        name,
        phone: '11966665555',
        consent: true,
      });
    const { lead: one } = await capture('Lead Um');
    const { lead: two } = await capture('Lead Dois');
    const c = await signedIn(owner.email);
    const assign = await c.put(`/v1/leads/${one.id}/assignee`, { user_id: ana.userId });
    expect(assign.statusCode).toBe(200);
    expect(assign.json().data).toMatchObject({
      id: one.id,
      assigned_user_id: ana.userId,
      assigned_user_name: 'Membro agent',
    });
    const notMember = await c.put(`/v1/leads/${two.id}/assignee`, {
      user_id: (await createOwner(ctx)).userId,
    });
    expect(notMember.statusCode).toBe(422);
    expect(notMember.json().errors.user_id).toEqual([TEAM_MESSAGES.notAMember]);

    const a = await signedIn(ana.email);
    const b = await signedIn(bia.email);
    const list = `/v1/real-estates/${owner.realEstateId}/leads`;
    const own = (await a.get(list)).json();
    expect(own.data.map((l: { id: string }) => l.id)).toEqual([one.id]);
    // the list names the member in charge, and tells the console the agent sees only their own
    expect(own.data[0]).toMatchObject({ assigned_user_id: ana.userId, assigned_user_name: 'Membro agent' });
    expect(own.meta.own_leads_only).toBe(true);
    expect((await a.get(`/v1/leads/${one.id}`)).json().data.assigned_user_name).toBe('Membro agent');
    expect((await b.get(list)).json().data).toEqual([]);
    // an agent's filter cannot widen their scope
    expect((await b.get(`${list}?assigned_to=${ana.userId}`)).json().data).toEqual([]);
    expect((await b.get(`/v1/leads/${one.id}`)).statusCode).toBe(404);
    expect(
      (await b.request('PATCH', `/v1/leads/${one.id}`, { body: { status: 'perdido' } })).statusCode,
    ).toBe(404);
    expect((await a.put(`/v1/leads/${one.id}/assignee`, { user_id: bia.userId })).statusCode).toBe(403);
    // the owner sees all, and filters by member or nobody
    const all = (await c.get(list)).json();
    expect(all.meta).toMatchObject({ total: 2, own_leads_only: false });
    expect(all.data.find((l: { id: string }) => l.id === two.id).assigned_user_name).toBeNull();
    expect(
      (await c.get(`${list}?assigned_to=${ana.userId}`)).json().data.map((l: { id: string }) => l.id),
    ).toEqual([one.id]);
    expect((await c.get(`${list}?assigned_to=none`)).json().data.map((l: { id: string }) => l.id)).toEqual([
      two.id,
    ]);

    const settings = await c.put(`/v1/real-estates/${owner.realEstateId}/team-settings`, {
      agents_see_all_leads: true,
    });
    expect(settings.statusCode).toBe(200);
    expect((await b.get(list)).json().meta).toMatchObject({ total: 2, own_leads_only: false });
    expect((await b.get(`/v1/leads/${one.id}`)).statusCode).toBe(200);

    const unassign = await c.put(`/v1/leads/${one.id}/assignee`, { user_id: null });
    expect(unassign.json().data.assigned_user_id).toBeNull();
  });

  it('the rotation gives new leads in turn to the chosen members, and the assigned agent gets the alert', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Roleta');
    const ana = await addMember(ctx, owner.realEstateId, 'agent');
    const bia = await addMember(ctx, owner.realEstateId, 'agent');
    const caio = await addMember(ctx, owner.realEstateId, 'agent');
    const c = await signedIn(owner.email);
    const bad = await c.put(`/v1/real-estates/${owner.realEstateId}/team-settings`, {
      rotation_user_ids: [ana.userId, 999_999],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.rotation_user_ids).toEqual([TEAM_MESSAGES.notAMember]);
    const saved = await c.put(`/v1/real-estates/${owner.realEstateId}/team-settings`, {
      rotation_enabled: true,
      rotation_user_ids: [bia.userId, ana.userId],
    });
    expect(saved.json().data).toEqual({
      rotation_enabled: true,
      agents_see_all_leads: false,
      rotation_user_ids: [ana.userId, bia.userId].sort((x, y) => x - y),
    });

    // leads arriving together (the workers run the lead-alert job, which takes the rotation's turn)
    const captured = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        captureLead(ctx.app.deps, {
          realEstateId: owner.realEstateId,
          name: `Lead Roleta ${i}`,
          phone: `1195555000${i}`,
          consent: true,
        }),
      ),
    );
    const ids = captured.map((x) => x.lead.id);
    const rows = await waitFor(
      async () => {
        const all = await ctx.database.db
          .select()
          .from(leads)
          .where(eq(leads.realEstateId, owner.realEstateId));
        return all.every((l) => l.assignedUserId !== null) ? all : null;
      },
      { what: 'every lead assigned by the rotation' },
    );
    expect(rows).toHaveLength(6);
    const count = (id: number) => rows.filter((l) => l.assignedUserId === id).length;
    expect([count(ana.userId), count(bia.userId), count(caio.userId)]).toEqual([3, 3, 0]);
    // run twice (a job runs at least once): nothing changes
    for (const id of ids) expect(await assignLeadByRotation(ctx.app.deps, id)).toBeNull();

    // the assigned agents got the new-lead alert of each of their leads (agents do not get it by default
    // otherwise), alone or in a digest of the leads that arrived together
    const named = async (email: string) =>
      (await outboxFor(email))
        .join('\n')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
    await waitFor(
      async () => {
        const mails = { [ana.userId]: await named(ana.email), [bia.userId]: await named(bia.email) };
        return rows.every((l) => mails[l.assignedUserId!]!.includes(`/leads?lead=${l.id}`));
      },
      { what: 'alerts to the assigned agents' },
    );
    expect(await outboxFor(caio.email)).toHaveLength(0);
    const audit = (await c.get(`/v1/real-estates/${owner.realEstateId}/audit-log?per_page=50`)).json();
    expect(audit.data.filter((e: { action: string }) => e.action === 'lead.assigned')).toHaveLength(6);
  });

  it('concurrent turns never collide: each lead once, the turns evenly spread', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Concorrência');
    const members = [
      await addMember(ctx, owner.realEstateId, 'agent'),
      await addMember(ctx, owner.realEstateId, 'agent'),
      await addMember(ctx, owner.realEstateId, 'admin'),
    ];
    const c = await signedIn(owner.email);
    // leads stored as test leads first, so the workers' alert job leaves them; then made real
    const captured = [];
    for (let i = 0; i < 12; i++)
      captured.push(
        (
          await captureLead(ctx.app.deps, {
            realEstateId: owner.realEstateId,
            name: `Concorrente ${i}`,
            phone: `1194444${String(i).padStart(4, '0')}`,
            isTest: true,
          })
        ).lead.id,
      );
    await ctx.database.db
      .update(leads)
      .set({ isTest: false })
      .where(eq(leads.realEstateId, owner.realEstateId));
    await c.put(`/v1/real-estates/${owner.realEstateId}/team-settings`, {
      rotation_enabled: true,
      rotation_user_ids: members.map((m) => m.userId),
    });
    const results = await Promise.all(captured.map((id) => assignLeadByRotation(ctx.app.deps, id)));
    expect(results.every((r) => r !== null)).toBe(true);
    for (const m of members) expect(results.filter((r) => r === m.userId)).toHaveLength(4);
  });
});

describe('audit log', () => {
  it('the owner reads membership, role and assignment changes; an admin does not', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Auditoria');
    const admin = await addMember(ctx, owner.realEstateId, 'admin');
    const c = await signedIn(owner.email);
    const email = uniqueEmail('auditado');
    const id = (await c.post(`/v1/real-estates/${owner.realEstateId}/users`, { email, role: 'agent' })).json()
      .data.id;
    await c.put(`/v1/real-estates/${owner.realEstateId}/users/${admin.userId}`, { role: 'agent' });
    await c.delete(`/v1/real-estates/${owner.realEstateId}/users/${id}`);
    const res = await c.get(`/v1/real-estates/${owner.realEstateId}/audit-log`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((e: { action: string }) => e.action)).toEqual([
      'member.invite_cancelled',
      'member.role_changed',
      'member.invited',
    ]);
    expect(res.json().data[1]).toMatchObject({
      actor: { id: owner.userId, name: 'Dona Teste' },
      subject: String(admin.userId),
      details: { from: 'admin', to: 'agent' },
    });
    const a = await signedIn((await addMember(ctx, owner.realEstateId, 'admin')).email);
    expect((await a.get(`/v1/real-estates/${owner.realEstateId}/audit-log`)).statusCode).toBe(403);
  });
});
