package providerapi

import (
	"net/http"

	"efir/internal/httpx"
)

func (s *Service) handleTags(w http.ResponseWriter, r *http.Request) error {
	list, err := s.tags(r.Context(), callerOf(r.Context()).ProviderID)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (s *Service) handleCreateTag(w http.ResponseWriter, r *http.Request) error {
	var b tagBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	t, err := s.createTag(r.Context(), callerOf(r.Context()).ProviderID, b)
	if err != nil {
		return err
	}
	if err := s.auditObject(r, "tag.create", "tag", t.ID, nil, t); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, t)
	return nil
}

func (s *Service) handleTag(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	t, err := s.tag(r.Context(), s.db, callerOf(r.Context()).ProviderID, id)
	if err != nil {
		return err
	}
	httpx.OK(w, t)
	return nil
}

func (s *Service) handlePatchTag(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b tagBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	before, after, err := s.changeTag(r.Context(), callerOf(r.Context()).ProviderID, id, b)
	if err != nil {
		return err
	}
	if before != after {
		if err := s.auditObject(r, "tag.update", "tag", id, before, after); err != nil {
			return err
		}
	}
	httpx.OK(w, after)
	return nil
}

// handleDeleteTag removes a tag from the operator and every subscriber.
func (s *Service) handleDeleteTag(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	t, err := s.deleteTag(r.Context(), callerOf(r.Context()).ProviderID, id)
	if err != nil {
		return err
	}
	if err := s.auditObject(r, "tag.delete", "tag", id, t, nil); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// userTagBody is what tagging a subscriber takes.
type userTagBody struct {
	TagID *int64 `json:"tag_id"`
}

// handleTagUser puts a tag on the subscriber and answers the subscriber:
// 201 when put on now, 200 when it was there.
func (s *Service) handleTagUser(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	var b userTagBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.TagID == nil {
		return httpx.Invalid("tag_id", "providerapi_tag_unknown")
	}
	added, err := s.tagUser(r.Context(), u.ProviderID, u.ID, *b.TagID)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if added {
		status = http.StatusCreated
		if err := s.audit(r, "subscriber.tag", u.ID, nil, map[string]int64{"tag_id": *b.TagID}); err != nil {
			return err
		}
	}
	return s.writeUser(w, r, status, u)
}

// handleUntagUser takes a tag off the subscriber (id: the link's, as the
// subscriber's tags list it) and answers the subscriber.
func (s *Service) handleUntagUser(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	t, err := s.untagUser(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	if err := s.audit(r, "subscriber.untag", u.ID, t, nil); err != nil {
		return err
	}
	return s.writeUser(w, r, http.StatusOK, u)
}
