// Packets (spec 2 routes /packets, /packets/{id}, /provider/{id}; modals quick_packets and
// packets_channels): the operator's offer, each packet's page with the viewer's state and
// buttons, and an operator's landing. Buying is the payments area's (usePurchase).
export { PacketsPage } from './PacketsPage';
export { PacketPage } from './PacketPage';
export { ProviderLandingPage } from './ProviderLandingPage';
export { QuickPacketsModal } from './QuickPacketsModal';
export { PacketsChannelsModal } from './PacketsChannelsModal';
