// Wire types of the API. They are generated from api/openapi.yaml (`npm run gen:api`
// writes schema.d.ts) and re-exported here under the domain names the client uses, so a
// contract change shows up as a type error where it matters.
import type { components } from './schema';

type Schemas = components['schemas'];

/** Machine codes of errors the client reacts to (contract "Conventions"). */
export type ErrorType =
  | 'authentication_failed'
  | 'invalid_phone'
  | 'permission_denied'
  | 'token_expired'
  | 'too_many_devices'
  | 'forbidden_country'
  | 'rate_limited'
  | 'validation_error'
  | 'not_found'
  | 'method_not_allowed'
  | 'wrong_parental_code'
  | 'parental_code_required'
  | 'duplicate_email'
  | 'conflict'
  | 'internal';

export type ErrorBody = Schemas['Error'];
export type Currency = Schemas['Currency'];
export type SupportContacts = Schemas['Support'];
export type ProviderInfo = Schemas['ProviderInfo'];
export type NetworkInfo = Schemas['NetworkInfo'];
export type PlatformConfiguration = Schemas['PlatformConfiguration'];
export type PlatformResources = Schemas['PlatformResources'];
export type TokenResponse = Schemas['TokenResponse'];
export type ParentalSettings = Schemas['ParentalSettings'];
export type Device = Schemas['Device'];
export type DeviceType = Device['device_type'];
export type DeviceRegistration = Required<Schemas['DeviceFields']>;
export type Profile = Schemas['Profile'];
export type ProfileRole = Profile['role'];
export type Account = Schemas['Account'];
export type Balance = Schemas['Balance'];
export type ParentalDialogue = Schemas['ParentalDialogue'];
export type User = Schemas['User'];
export type ParentalStatus = User['parental_status'];
export type AvatarCategory = Schemas['AvatarCategory'];
export type Message = Schemas['Message'];
export type CreateUserRequest = Schemas['CreateUserRequest'];

/** POST /auth/device always answers with the device and its active profile. */
export type DeviceAuthResponse = TokenResponse & { device: Device; profile: Profile };
