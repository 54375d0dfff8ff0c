/** Whether a role may do what `least` may: the console hides what the server would refuse (403). */
import { ROLE_RANK, type Role } from '@shared/admin-api';

export function hasRole(role: Role, least: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[least];
}
