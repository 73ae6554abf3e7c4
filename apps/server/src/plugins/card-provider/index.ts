import type { CardProviderConfig } from '../../config';
import type { CardProvider } from './card-provider';
import { SimulatorCardProvider } from './simulator-card-provider';

export * from './card-provider';
export { cardProviderWebhookRoutes } from './card-provider.routes';
export { CardProviderHub } from './card-provider-hub';
export { SimulatorCardProvider } from './simulator-card-provider';
export { signWebhookBody } from './webhook-signature';

/** The provider `CARD_PROVIDER` names; a real provider's client is added here. */
export function createCardProvider(config: CardProviderConfig): CardProvider {
  switch (config.provider) {
    case 'simulator':
      return new SimulatorCardProvider(config);
  }
}
