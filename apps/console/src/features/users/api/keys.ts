import type { MemberStatus, Role } from '@vitrine/contracts';
import { agencyKey } from '@/lib/query-client';

export interface MembersFilters {
  page: number;
  search: string;
  role: Role | '';
  status: MemberStatus | '';
}

export const teamKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'team'),
  members: (realEstateId: number, f: MembersFilters) => agencyKey(realEstateId, 'team', 'members', f),
  activeMembers: (realEstateId: number) => agencyKey(realEstateId, 'team', 'active-members'),
  settings: (realEstateId: number) => agencyKey(realEstateId, 'team', 'settings'),
  audit: (realEstateId: number, page: number) => agencyKey(realEstateId, 'team', 'audit', page),
};
