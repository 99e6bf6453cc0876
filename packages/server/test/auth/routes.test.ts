import { storeKinds } from '../../../../test/support/test-stores.js';
import { describeAuthRoutes } from './auth-routes.cases.js';

for (const kind of storeKinds) describeAuthRoutes(kind);
