// Promo codes (spec 4 "Promo code flow"; routes /promo, /promo/{id}, /gift; modals promocode
// and promocode_new).
export { PromoPage, GiftPage, PromocodeModal, PromocodeNewModal } from './stubs';
