// Packets (spec 2 routes /packets, /packets/{id}, /provider/{id}; modals quick_packets and
// packets_channels): the operator's offer and each packet's page.
export { PacketsPage, PacketPage, ProviderLandingPage, QuickPacketsModal, PacketsChannelsModal } from './stubs';
