package providerapi

import (
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"efir/api"
)

// Every route of the API is described in api/provider.yaml with its method,
// and the contract describes nothing the API does not serve.
func TestEveryRouteIsInTheContract(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(api.ProviderSpec)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(t.Context()); err != nil {
		t.Fatal(err)
	}
	served := map[string]bool{}
	for _, rt := range (&Service{}).routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		p, ok := strings.CutPrefix(path, Prefix)
		if !ok {
			t.Errorf("%s is outside %s", rt.pattern, Prefix)
		}
		served[method+" "+p] = true
		if item := doc.Paths.Find(p); item == nil || item.GetOperation(method) == nil {
			t.Errorf("%s is served but not described in api/provider.yaml", rt.pattern)
		}
	}
	for p, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			if !served[method+" "+p] {
				t.Errorf("api/provider.yaml describes %s %s, which the API does not serve", method, p)
			}
		}
	}
}

// referenceShapes are the fields the compatible platforms' provider API
// requires in each answer (its schema name -> ours), and those this API
// leaves out on purpose: the viewer-only ones (favourites, purchases, the
// programme on air, a device's codecs) and what Efir does not have (test
// users, geo freedom, packet designs, old prices).
var referenceShapes = []struct {
	reference, ours string
	required        []string
	omitted         []string
}{
	{"BaseUser", "User", []string{"accounts", "id", "is_geofree", "is_provider_free", "is_self_deletion_allowed",
		"is_testuser", "parental_code", "parental_dialogue", "parental_status", "provider", "subscriptions", "tags",
		"timezone_utcoffset", "unaccepted_agreement_ids"}, []string{"is_geofree", "is_provider_free",
		"is_self_deletion_allowed", "is_testuser", "parental_code", "parental_dialogue", "subscriptions",
		"unaccepted_agreement_ids"}},
	{"Device", "Device", []string{"codec_structure_exist", "created_at", "device_type", "id", "login_at",
		"timezone_utcoffset", "user", "vendor"}, []string{"codec_structure_exist", "timezone_utcoffset"}},
	{"Packet", "Packet", []string{"after_renew_packet_id", "description", "design", "id", "name", "old_price", "price",
		"short"}, []string{"design", "old_price"}},
	{"PacketSubscription", "Subscription", []string{"allow_delete_paused", "id", "is_paused", "packet"},
		[]string{"allow_delete_paused"}},
	{"PacketFutureSubscription", "FutureSubscription", []string{"id", "packet"}, nil},
	{"Account", "Account", []string{"id", "is_payment_allowed"}, nil},
	{"Transaction", "Transaction", []string{"amount", "id", "source"}, nil},
	{"PeriodPurchaseType", "PurchasePeriod", []string{"description", "period_human", "purchases_type"}, nil},
	{"PurchaseType", "PurchaseType", []string{"amount", "description", "id", "is_cancelable", "is_have_trial",
		"paysytems", "period_human", "ptype", "purchase_type", "short", "store_sources", "title", "trial_amount",
		"trial_period_human", "user_purchase"}, nil},
	{"PacketSubscriptionPause", "Pause", []string{"end_at", "id", "start_at"}, nil},
	{"SourceAccount", "SourceAccount", []string{"amount"}, nil},
	{"Tags", "Tag", []string{"id"}, nil},
	{"UserTags", "UserTag", []string{"description", "id", "name", "shortname"}, nil},
	// key is write-only there: the answer has promo_key.
	{"UserPromoKey", "UserPromoKey", []string{"activated_at", "description", "promo_key", "result", "title"}, nil},
	{"PromoKey", "PromoKey", []string{"id", "is_active", "key"}, nil},
	{"UserEntityLicensesListCreate", "EntityLicence", []string{"dtr_status", "id", "purchased_at"}, nil},
	{"Message", "Message", []string{"background", "created_at", "icon", "id", "text", "title"}, nil},
	{"ChannelListV2", "Channel", []string{"age", "ar", "archived_days", "cover", "current_schedule", "favorite",
		"future_days", "hd", "icon", "id", "is_favored", "is_free", "is_hd", "is_hidden", "is_purchased",
		"motion_rating_id", "name", "num", "real_archived_days", "stream_types"}, []string{"current_schedule", "favorite",
		"future_days", "is_favored", "is_purchased", "motion_rating_id", "stream_types"}},
}

// Each answer has the reference's required fields under their names, and
// answers them always (required here too), but for the ones left out on
// purpose.
func TestShapesFollowTheReference(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(api.ProviderSpec)
	if err != nil {
		t.Fatal(err)
	}
	for _, shape := range referenceShapes {
		ref := doc.Components.Schemas[shape.ours]
		if ref == nil || ref.Value == nil {
			t.Errorf("%s: no schema %s", shape.reference, shape.ours)
			continue
		}
		required := map[string]bool{}
		for _, f := range ref.Value.Required {
			required[f] = true
		}
		omitted := map[string]bool{}
		for _, f := range shape.omitted {
			omitted[f] = true
			if ref.Value.Properties[f] != nil {
				t.Errorf("%s has %s, listed as left out", shape.ours, f)
			}
		}
		for _, f := range shape.required {
			if omitted[f] {
				continue
			}
			if ref.Value.Properties[f] == nil || !required[f] {
				t.Errorf("%s (the reference's %s) lacks the required field %s", shape.ours, shape.reference, f)
			}
		}
	}
}
