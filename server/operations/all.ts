import type { OperationDef, OperationModule } from './define';
import { operations as account } from './account';
import { operations as addOns } from './addons';
import { operations as admin } from './admin';
import { operations as appointments } from './appointments';
import { operations as auth } from './auth';
import { operations as billing } from './billing';
import { operations as bot } from './bot';
import { operations as calendar } from './calendar';
import { operations as customers } from './customers';
import { operations as invoices } from './invoices';
import { operations as dev } from './dev';
import { operations as media } from './media';
import { operations as notifications } from './notifications';
import { operations as onboarding } from './onboarding';
import { operations as publicOperations } from './public';
import { operations as services } from './services';
import { operations as payments } from './payments';
import { operations as payouts } from './payouts';
import { operations as subscriptions } from './subscriptions';
import { operations as system } from './system';
import { operations as team } from './team';
import { operations as organizationAreas } from './organization-areas';
import { operations as organizationHome } from './organization-home';
import { operations as tickets } from './tickets';
import { operations as user } from './user';
import { operations as visitExtras } from './visit-extras';
import { operations as vendorAssignment } from './vendor-assignment';

/** Every implemented operation module. A contract operation that none of them handles answers 501. */
export const operationModules: Readonly<Record<string, OperationModule>> = {
  system,
  dev,
  auth,
  user,
  account,
  notifications,
  appointments,
  addOns,
  subscriptions,
  admin,
  services,
  public: publicOperations,
  billing,
  customers,
  invoices,
  payments,
  payouts,
  tickets,
  media,
  bot,
  calendar,
  team,
  organizationAreas,
  organizationHome,
  visitExtras,
  vendorAssignment,
  onboarding,
};

export const allOperations = (): ReadonlyMap<string, OperationDef> => {
  const map = new Map<string, OperationDef>();
  for (const [tag, module] of Object.entries(operationModules)) {
    for (const def of module) {
      if (map.has(def.operationId)) throw new Error(`Operation '${def.operationId}' is handled twice (again in ${tag}).`);
      map.set(def.operationId, def);
    }
  }
  return map;
};
