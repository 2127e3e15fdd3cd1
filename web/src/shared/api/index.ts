export { apiFetch, buildUrl, configureApi, API_BASE } from './client';
export type { RequestOptions, Query, ApiHooks } from './client';
export { ApiError, isApiError, decodeError, isTokenErrorExempt, isUnauthorised, isForbiddenCountry } from './errors';
export * from './platform';
export { fetchTrailerStream, trailerUrl, useTrailerStream } from './trailers';
export type { TrailerStream } from './trailers';
export type * from './types';
export { useNetwork, useConfiguration, useResources, useBrandName, useSupportContacts, useCurrentUser, userKeys } from './hooks';
