import type { Member } from '@kuku/domain';

/** A member as GET /api/staff answers one; tests override what they look at. */
export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 2,
    username: 'otieno',
    email: 'otieno@example.com',
    role: 'worker',
    profile_picture: null,
    status: 'active',
    invited_at: '2026-11-20T06:00:00.000Z',
    last_sign_in_at: '2026-11-23T05:30:00.000Z',
    ...overrides,
  };
}

/** The farm's owner, who is the signed-in test user (makeUser's id 1). */
export const ownerMember = makeMember({ id: 1, username: 'jane', email: 'jane@example.com', role: 'owner', last_sign_in_at: null });
