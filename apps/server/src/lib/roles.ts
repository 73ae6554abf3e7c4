import { operatorRole } from '../plugins/auth';

/**
 * The operator's role in a session. A route's required role is declared in its config (`config.role`) and
 * checked once by the auth hook (plugins/auth.ts); no handler checks it again.
 */
export { operatorRole };
