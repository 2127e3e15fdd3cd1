// Parental area (spec access-and-identity 4 "Parental PIN"): PIN entry, two-step PIN
// setting, the parental dialogue and the parental settings of a device. The modal host
// renders the modals for #pincode, #parental_set, #parental and #parental_start; the
// settings area and /lk_parental show ParentalSettingsSection. Other screens ask for the
// PIN with useAskPin.
export { PincodeModal } from './PincodeModal';
export { ParentalSetModal } from './ParentalSetModal';
export { ParentalModal, ParentalStartModal } from './ParentalDialogueModal';
export { ParentalSettingsSection } from './ParentalSettingsSection';
export { useAskPin } from './useAskPin';
export { usePinGate } from './usePinGate';
export { useProgrammeControl } from './useProgrammeControl';
export { usePinRetry, isPinRequired } from './usePinRetry';
export { usePinPassCall } from './usePinPassCall';
export type { PinGate } from './usePinGate';
export { useProtectedCall, PIN_CANCELLED } from './useProtectedCall';
export { recordPass, clearPass, passStore } from './passStore';
export { deviceKeys } from './api';
export { PIN_LENGTH, PROTECTED_ACTIONS, isCompletePin, sanitisePin, pinsMatch, isPinOffered, needsPinCheck, shortPassMs } from './pin';
export type { PinAction, ProtectedAction, CheckContext } from './pin';
export type { PinRequest } from './pinRequests';
