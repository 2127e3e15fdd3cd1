package identity

import "testing"

func TestBalanceOf(t *testing.T) {
	accounts := []Account{
		{ID: 1, Balance: 10000, Currency: "RUB"},
		{ID: 2, Balance: -2550, Currency: "RUB"},
		{ID: 3, Balance: 700, Currency: "KZT"},
	}
	if b := balanceOf(accounts, "RUB"); b.Balance != 7450 || b.Currency != "RUB" {
		t.Errorf("RUB balance %+v", b)
	}
	if b := balanceOf(accounts, "KZT"); b.Balance != 700 {
		t.Errorf("KZT balance %+v", b)
	}
	if b := balanceOf(nil, "USD"); b.Balance != 0 || b.Currency != "USD" {
		t.Errorf("no accounts: %+v", b)
	}
}
