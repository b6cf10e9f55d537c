package server

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/hostmsg"
	"portfolio/cli/internal/privateaccess"
)

// statusInvalid is what the form's status element says when a native post
// comes back with invalid fields.
const statusInvalid = "Please correct the fields below."

// formPages remembers which page of the built site holds each form.
type formPages struct {
	mu     sync.Mutex
	byName map[formKey]string // form name and language → file in the site folder
}

// formKey names a form in one language: "" for a site in one language.
type formKey struct{ name, language string }

// refill answers an invalid native post with the page that holds the form,
// filled in with what the visitor sent and the problems marked, status 400:
// on a site in several languages the page in the language the post names
// (its hidden field, decision 0116). Without such a page, a short page
// lists the problems.
func (h *Handler) refill(w http.ResponseWriter, r *http.Request, formName, language string, values url.Values, problems map[string]string) {
	for attempt := range 2 {
		name := h.formPage(formKey{formName, language}, attempt > 0)
		if name == "" {
			continue
		}
		f, err := h.static.load(name)
		if err != nil || f.body == nil {
			continue
		}
		status, said := h.formWords(language, problems)
		page, ok := fillForm(f.body, formName, values, said, status)
		if !ok {
			continue // the site was built again and the form moved
		}
		h.secure(w, pageURL(name))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write(page)
		return
	}
	var lines []string
	for _, field := range slices.Sorted(mapsKeys(problems)) {
		lines = append(lines, problems[field]+".")
	}
	writePage(w, http.StatusBadRequest, notice{
		Title: "Please correct the form",
		Text:  strings.Join(lines, " ") + " Go back: your text is still in the form.",
		Back:  backLink(r),
	})
}

// formWords are the status and the problems of an invalid form posted
// without JavaScript in language, the one its hidden field names: the
// site's catalogue's words, as the prerender wrote them into the built
// site (hostmsg.File, decision 0123); English without them.
func (h *Handler) formWords(language string, problems map[string]string) (string, map[string]string) {
	if language == "" {
		return statusInvalid, problems
	}
	return h.hostMessages().FormWords(language, statusInvalid, problems)
}

// hostMessages are the catalogue's words as the prerender wrote them into
// the built site (hostmsg.File, decision 0123); none (English) without
// the file or when it cannot be read.
func (h *Handler) hostMessages() hostmsg.Messages {
	f, err := h.static.load(hostmsg.File)
	if err != nil || f.body == nil {
		return hostmsg.Messages{}
	}
	m, err := hostmsg.Parse(hostmsg.File, f.body)
	if err != nil {
		h.logf("contact form: %v\n", err)
		return hostmsg.Messages{}
	}
	return m
}

// refuseForm answers a post refused before its fields are checked: the
// script's message, or for a browser the notice pick chooses, in language
// (the post's; "" when it could not be read: the site's default), its
// placeholders filled by fill from the language's words for a wait
// (decision 0123, amended).
func (h *Handler) refuseForm(w http.ResponseWriter, r *http.Request, status int, jsonError, language string,
	pick func(hostmsg.Notices) hostmsg.Notice, fill func(privateaccess.Wait) []string) {
	if !wantsHTML(r) {
		reply(w, status, formResponse{Error: jsonError})
		return
	}
	lang, n, wait := h.hostMessages().NoticesIn(language)
	say := pick(n)
	text := say.Text
	if fill != nil {
		text = strings.NewReplacer(fill(wait)...).Replace(text)
	}
	writePage(w, status, notice{Title: say.Title, Text: text, Back: backLink(r), Lang: lang, Home: n.Home, BackText: n.Back})
}

func mapsKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// formPage returns the file of the page holding the visible form named
// key.name whose language field says key.language (any page's form when
// the post names none), looked for once (again when rescan is set); ""
// when none has it.
func (h *Handler) formPage(key formKey, rescan bool) string {
	p := &h.forms
	p.mu.Lock()
	defer p.mu.Unlock()
	if name, ok := p.byName[key]; ok && !rescan {
		return name
	}
	if p.byName == nil {
		p.byName = map[formKey]string{}
	}
	found := ""
	_ = fs.WalkDir(h.static.root.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".html") {
			return nil
		}
		f, err := h.static.load(name)
		if err != nil || f.body == nil {
			return nil
		}
		if _, ok := fillForm(f.body, key.name, nil, nil, ""); ok && (key.language == "" || formLanguage(f.body, key.name) == key.language) {
			found = name
			return fs.SkipAll
		}
		return nil
	})
	p.byName[key] = found
	return found
}

// formLanguage is the value of the hidden language field
// (contact.FieldLanguage) of the visible form named formName in page; ""
// when it has none.
func formLanguage(page []byte, formName string) string {
	z := html.NewTokenizer(bytes.NewReader(page))
	inForm := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			switch {
			case t.DataAtom == atom.Form:
				inForm = getAttr(t, "name") == formName && !hasAttr(t, "hidden")
			case inForm && t.DataAtom == atom.Input && getAttr(t, "type") == "hidden" && getAttr(t, "name") == contact.FieldLanguage:
				return getAttr(t, "value")
			}
		case html.EndTagToken:
			if z.Token().DataAtom == atom.Form {
				inForm = false
			}
		}
	}
}

// pageURL is the URL path of a page file: about/index.html is /about/.
func pageURL(name string) string {
	switch {
	case name == "index.html":
		return "/"
	case strings.HasSuffix(name, "/index.html"):
		return "/" + strings.TrimSuffix(name, "index.html")
	default:
		return "/" + strings.TrimSuffix(name, ".html")
	}
}

// notFilled are the input types whose value the visitor does not type.
var notFilled = map[string]bool{
	"hidden": true, "submit": true, "button": true, "image": true, "reset": true,
	"file": true, "checkbox": true, "radio": true, "password": true,
}

// fillForm rewrites page with the visible form named formName (a <form
// name=…> without hidden) filled in: each posted field's value put back
// (an input's value attribute, a textarea's text), aria-invalid="true" on
// each field with a problem, each problem in the element whose
// data-error-for names its field, and status in the data-form-status
// element with role="alert". It works on the page's tokens (an HTML
// tokenizer, not string search): everything outside those elements is
// copied byte for byte, and every value written is escaped. ok is false
// when the page has no such form or cannot be read to the end.
func fillForm(page []byte, formName string, values url.Values, problems map[string]string, status string) (out []byte, ok bool) {
	z := html.NewTokenizer(bytes.NewReader(page))
	var b bytes.Buffer
	b.Grow(len(page) + 2048)
	inForm, found := false, false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if errors.Is(z.Err(), io.EOF) {
				return b.Bytes(), found
			}
			return nil, false
		}
		isStart := tt == html.StartTagToken || tt == html.SelfClosingTagToken
		if !isStart && !(tt == html.EndTagToken && inForm) {
			b.Write(z.Raw())
			continue
		}
		raw := slices.Clone(z.Raw())
		tok := z.Token()
		if tt == html.EndTagToken {
			if tok.DataAtom == atom.Form {
				inForm = false
			}
			b.Write(raw)
			continue
		}
		if tok.DataAtom == atom.Form && !found && getAttr(tok, "name") == formName && !hasAttr(tok, "hidden") {
			inForm, found = true, true
			b.Write(raw)
			continue
		}
		if !inForm {
			b.Write(raw)
			continue
		}
		field := getAttr(tok, "name")
		_, posted := values[field]
		switch {
		case tok.DataAtom == atom.Input && field != "" && !notFilled[strings.ToLower(getAttr(tok, "type"))]:
			if posted {
				setAttr(&tok, "value", values.Get(field))
			}
			markInvalid(&tok, problems[field] != "")
			b.WriteString(tok.String())
		case tok.DataAtom == atom.Textarea && field != "":
			markInvalid(&tok, problems[field] != "")
			b.WriteString(tok.String())
			if tt == html.SelfClosingTagToken {
				continue // not valid HTML; the tokenizer reads no text for it
			}
			if posted {
				v := values.Get(field)
				// The parser drops one newline right after <textarea>.
				if strings.HasPrefix(v, "\n") || strings.HasPrefix(v, "\r") {
					b.WriteByte('\n')
				}
				b.WriteString(html.EscapeString(v))
			}
			if !skipTo(z, &b, atom.Textarea, !posted) {
				return nil, false
			}
		case hasAttr(tok, "data-error-for") && !isVoid(tok.DataAtom):
			b.Write(raw)
			b.WriteString(html.EscapeString(problems[getAttr(tok, "data-error-for")]))
			if !skipContent(z, &b, tok.Data) {
				return nil, false
			}
		case hasAttr(tok, "data-form-status") && !isVoid(tok.DataAtom):
			if status == "" {
				b.Write(raw)
				continue
			}
			setAttr(&tok, "role", "alert")
			b.WriteString(tok.String())
			b.WriteString(html.EscapeString(status))
			if !skipContent(z, &b, tok.Data) {
				return nil, false
			}
		default:
			b.Write(raw)
		}
	}
}

// skipTo reads up to the end tag a (a raw-text element's), copying what it
// reads when keep is set; the end tag is always written.
func skipTo(z *html.Tokenizer, b *bytes.Buffer, a atom.Atom, keep bool) bool {
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return false
		}
		if tt == html.EndTagToken {
			if name, _ := z.TagName(); atom.Lookup(name) == a {
				b.WriteString("</" + a.String() + ">")
				return true
			}
		}
		if keep {
			b.Write(z.Raw())
		}
	}
}

// skipContent drops the content of the element just opened (tag) and
// writes its end tag.
func skipContent(z *html.Tokenizer, b *bytes.Buffer, tag string) bool {
	depth := 1
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return false
		case html.StartTagToken:
			if name, _ := z.TagName(); string(name) == tag {
				depth++
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == tag {
				if depth--; depth == 0 {
					b.WriteString("</" + tag + ">")
					return true
				}
			}
		}
	}
}

func isVoid(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

func markInvalid(tok *html.Token, invalid bool) {
	if invalid {
		setAttr(tok, "aria-invalid", "true")
		return
	}
	tok.Attr = slices.DeleteFunc(tok.Attr, func(a html.Attribute) bool { return a.Key == "aria-invalid" })
}

func getAttr(tok html.Token, key string) string {
	for _, a := range tok.Attr {
		if a.Key == key && a.Namespace == "" {
			return a.Val
		}
	}
	return ""
}

func hasAttr(tok html.Token, key string) bool {
	for _, a := range tok.Attr {
		if a.Key == key && a.Namespace == "" {
			return true
		}
	}
	return false
}

func setAttr(tok *html.Token, key, val string) {
	for i, a := range tok.Attr {
		if a.Key == key && a.Namespace == "" {
			tok.Attr[i].Val = val
			return
		}
	}
	tok.Attr = append(tok.Attr, html.Attribute{Key: key, Val: val})
}
