// Auth area (spec access-and-identity 2 "Login screens", 4 "Phone login", "Alma flow").
// The modal host (src/app/modals/registry.ts) renders AuthModal for #auth and
// BlockAlmaModal for #block_alma; the start-up calls autoAuthAtStart (network auto_auth).
export { AuthModal } from './AuthModal';
export { BlockAlmaModal } from './BlockAlmaModal';
export { LoginPasswordForm } from './LoginPasswordForm';
export { validateLoginForm, LOGIN_MAX, PASSWORD_MAX } from './loginForm';
export { LogoutButton } from './LogoutButton';
export { autoAuthAtStart } from './autoAuth';
export { telegramAtStart } from './telegram';
export { wasNewlyRegistered, useAuthState } from './authStore';
