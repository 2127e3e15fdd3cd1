// The floating notification box (catalogue spec 2 "Notifications", 4 "Survey", 9): one
// notice at a time (register, e-mail, surveys, push permission, install, an external
// poll, the partner's install and promo), never while a modal is open, each back after its
// delay once closed. Mounted once by the layout.
export { NotificationBox } from './NotificationBox';
