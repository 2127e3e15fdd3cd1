package demo

import (
	"context"
	"time"

	"efir/internal/identity"
	"efir/internal/store"
)

// Demo subscribers: "demo" (password efir24, phone 79000000001) of Efir Demo,
// and "alma" (password efir24, phone 77010000002) of Alma Demo, who also
// signs in automatically from 192.168.77.0/24 and has an address in the
// Alma city-and-address flow.
const (
	demoPassword    = "efir24"
	almaSubscriber  = 100200     // the alma user's subscriber number at Alma Demo
	demoJoinedUnix  = 1735689600 // 2025-01-01T00:00:00Z: fixed, so the data is the same everywhere
	demoMessageUnix = 1735725600
)

type demoUser struct {
	providerID  int64
	username    string
	phone       string
	firstName   string
	email       string
	providerUID string
	autoAuth    string
	currency    string
	balance     int64
	messages    [][2]string // title, text
}

func seedUsers(ctx context.Context, tx *store.Tx) error {
	hash, err := identity.HashPassword(demoPassword)
	if err != nil {
		return err
	}
	users := []demoUser{{
		providerID: 1, username: "demo", phone: "79000000001", firstName: "Демо", email: "demo@efir.example",
		currency: "RUB", balance: 50000,
		messages: [][2]string{
			{"Добро пожаловать в Эфир", "Смотрите каналы в прямом эфире и в записи, фильмы и сериалы на любом устройстве."},
			{"Родительский контроль", "Установите PIN-код в настройках, чтобы защитить каналы 18+ и покупки."},
		},
	}, {
		providerID: 2, username: "alma", phone: "77010000002", firstName: "Алма", email: "alma@alma.example",
		providerUID: "100200", autoAuth: "192.168.77.0/24", currency: "KZT", balance: 250000,
		messages: [][2]string{{"Добро пожаловать", "Ваш договор подключён к телевидению Alma Demo."}},
	}}
	for _, u := range users {
		id, err := store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, password_hash, phone, first_name,
			email, date_joined, provider_uid, auto_auth_network) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			u.providerID, u.username, hash, u.phone, u.firstName, u.email, demoJoinedUnix, u.providerUID, u.autoAuth)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO profiles (user_id, name, role, icon_avatar_id, created_at) VALUES (?, ?, 'adult', 1, ?)",
			id, u.firstName, demoJoinedUnix); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO accounts (user_id, balance, amount, currency) VALUES (?, ?, 0, ?)",
			id, u.balance, u.currency); err != nil {
			return err
		}
		for i, m := range u.messages {
			at := time.Unix(demoMessageUnix, 0).Add(time.Duration(i) * time.Hour).Unix()
			if _, err := tx.Exec(ctx, "INSERT INTO messages (user_id, title, text, created_at) VALUES (?, ?, ?, ?)",
				id, m[0], m[1], at); err != nil {
				return err
			}
		}
	}
	return seedAlma(ctx, tx)
}

// seedAlma adds the cities and addresses of the Alma flow. Addresses carry no
// phone, so any phone that passes the code step sees them (demo).
func seedAlma(ctx context.Context, tx *store.Tx) error {
	for _, c := range []struct {
		id   int64
		name string
	}{{1, "Алматы"}, {2, "Астана"}} {
		if _, err := tx.Exec(ctx, "INSERT INTO alma_cities (id, name) VALUES (?, ?)", c.id, c.name); err != nil {
			return err
		}
	}
	// Each address is bound to the phones of its household.
	for _, a := range []struct {
		city, addressID int64
		address         string
		userID          int64
		phone           string
	}{
		{1, 1001, "Алматы, ул. Абая, 10, кв. 5", almaSubscriber, "77010000002"},
		{1, 1002, "Алматы, пр. Достык, 25, кв. 12", 100201, "77011234567"},
		{1, 1002, "Алматы, пр. Достык, 25, кв. 12", 100201, "77019876543"},
		{2, 2001, "Астана, ул. Кенесары, 40, кв. 7", 100300, "77015550000"},
		{2, 2002, "Астана, пр. Мангилик Ел, 8, кв. 31", 100301, "77010000002"},
	} {
		if _, err := tx.Exec(ctx, `INSERT INTO alma_addresses (city_id, address_id, address, provider_id, user_id, phone)
			VALUES (?, ?, ?, 2, ?, ?)`, a.city, a.addressID, a.address, a.userID, a.phone); err != nil {
			return err
		}
	}
	return nil
}
