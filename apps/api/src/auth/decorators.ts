// Route metadata read by the authentication guard and the authorization/audit interceptors.
import { SetMetadata } from '@nestjs/common';
import type { OperationName } from './access-policy.js';

export const PUBLIC_ROUTE = 'coxswain:public';
export const REST_OPERATION = 'coxswain:operation';

/** Served without a token: health, readiness, metrics and the OpenAPI document. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The REST operation id: its row in ACCESS_POLICY and its name in the audit log and OpenAPI document. */
export const Operation = (name: OperationName) => SetMetadata(REST_OPERATION, name);
