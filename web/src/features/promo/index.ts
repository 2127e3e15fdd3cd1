// Promo codes (spec 4 "Promo code flow"; routes /promo, /promo/{id}, /gift; modals promocode
// and promocode_new; a path containing 'promo' opens the dialog through PromoPathWatcher).
export { PromoPage } from './PromoPage';
export { GiftPage } from './GiftPage';
export { PromocodeModal, PromocodeNewModal } from './PromocodeModal';
export { PromoPathWatcher } from './PromoPathWatcher';
