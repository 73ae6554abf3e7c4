import type { Role } from '@junkan/shared';
import type { Session } from '../plugins/auth';
import { AppError } from './app-error';

/** The operator's own role in a session (an acting admin holds ADMIN plus the operator's role). */
export function operatorRole(session: Session): Role {
  return session.roles.find((r) => r !== 'ADMIN') ?? 'ADMIN';
}

export function requireOperatorRole(session: Session, role: Role): void {
  if (operatorRole(session) !== role) throw new AppError('forbidden', 'Forbidden');
}
