package providerapi

import "testing"

func TestMoney(t *testing.T) {
	for minor, want := range map[int64]string{0: "0.00", 5: "0.05", -5: "-0.05", 19900: "199.00", 12345: "123.45",
		-100001: "-1000.01"} {
		if got := money(minor); got != want {
			t.Errorf("money(%d) = %s, want %s", minor, got, want)
		}
	}
}
