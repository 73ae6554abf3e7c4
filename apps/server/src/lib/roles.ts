import type { Role } from '@junkan/shared';
import { operatorRole, type Session } from '../plugins/auth';
import { AppError } from './app-error';

export { operatorRole };

export function requireOperatorRole(session: Session, role: Role): void {
  if (operatorRole(session) !== role) throw new AppError('forbidden', 'Forbidden');
}
