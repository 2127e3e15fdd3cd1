package commerce

// WrapGateways puts wrap around the gateway lookup, at wiring, before the
// service serves or runs its jobs: the console's saved gateway credentials
// come before those of the operator's settings.
func (s *Service) WrapGateways(wrap func(Gateways) Gateways) {
	s.cfg.Gateways = wrap(s.cfg.Gateways)
}
