package scaffold

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
)

// Keys of an answers file, and what each holds: the details'
// (content.Details) and the other answers'.
var answerKeys = func() map[string]string {
	keys := map[string]string{"slug": "text", "cover": "text", "gallery": "list", "texts": "texts", "document": "link", "prototype": "link"}
	for _, f := range content.DetailFields() {
		keys[f.Key] = map[reflect.Kind]string{reflect.String: "text", reflect.Slice: "list", reflect.Bool: "bool"}[f.Kind]
	}
	return keys
}()

var linkKeys = map[string][]string{"document": {"label", "url", "file"}, "prototype": {"title", "url"}}

// ReadAnswers reads an answers file (--from): a YAML mapping with the
// answers' names. Its problems are usage errors at their line and column.
// Skills and gallery may be a list or one comma-separated line. Paths are
// made relative to the file's folder. Origin names each answer's place, for
// messages.
func ReadAnswers(path string) (Answers, map[string]string, error) {
	a := NewAnswers()
	origin := map[string]string{}
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return a, nil, cmdutil.Usagef("--from %s: file not found", path)
		}
		return a, nil, fmt.Errorf("--from %s: %w", path, err)
	}
	doc, d := yamldoc.Parse(path, data)
	if d != nil {
		return a, nil, cmdutil.Usagef("%s: %s", d.Position(), d.Message)
	}
	if !doc.IsMapping("") {
		return a, nil, cmdutil.Usagef("%s: the answers must be a mapping (title: …, page: …)", path)
	}
	r := answersReader{doc: doc, path: path, dir: filepath.Dir(path)}
	keys := make([]string, 0, len(answerKeys))
	for k := range answerKeys {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range doc.Keys("") { // in order: the first mistake is the same at each run
		ptr := "/" + schemamodel.EscapePointer(key)
		v, _ := doc.At(ptr)
		kind, known := answerKeys[key]
		if !known {
			return a, nil, r.bad(ptr, "unknown key %q; the keys are %s", key, strings.Join(keys, ", "))
		}
		origin[key] = path + ": " + key
		var err error
		switch kind {
		case "text":
			var s string
			if s, err = r.text(ptr, key, v); err == nil {
				*textField(&a, key) = s
			}
		case "bool":
			b, isBool := v.(bool)
			if !isBool {
				return a, nil, r.bad(ptr, "%s must be true or false", key)
			}
			f, _ := content.DetailByKey(key)
			*f.Ptr(&a.Details).(*bool) = b
		case "list":
			err = r.readList(&a, ptr, key, v)
		case "texts":
			err = r.readTexts(&a, ptr)
		case "link":
			err = r.readLink(&a, origin, ptr, key)
		}
		if err != nil {
			return a, nil, err
		}
	}
	a.Cover = r.relative(a.Cover)
	return a, origin, nil
}

// answersReader reads the values of an answers file, doc, read from path
// in folder dir.
type answersReader struct {
	doc  *yamldoc.Document
	path string
	dir  string
}

// bad is a usage error at the key of ptr.
func (r answersReader) bad(ptr, format string, args ...any) error {
	p := r.doc.KeyPos(ptr)
	return cmdutil.Usagef("%s:%d:%d: %s", r.path, p.Line, p.Col, fmt.Sprintf(format, args...))
}

// text is v as text: a number or true/false written without quotes is
// taken as it is written.
func (r answersReader) text(ptr, name string, v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case nil:
		return "", nil
	case bool, int, int64, uint64, float64:
		return fmt.Sprint(x), nil // a title such as 2024, written without quotes
	}
	return "", r.bad(ptr, "%s must be text", name)
}

// relative is p relative to the answers file's folder, unless it is
// empty, absolute or under ~/.
func (r answersReader) relative(p string) string {
	if p == "" || filepath.IsAbs(p) || strings.HasPrefix(p, "~/") {
		return p
	}
	return filepath.Join(r.dir, p)
}

// readList reads skills or gallery: a list, or one line with commas.
func (r answersReader) readList(a *Answers, ptr, key string, v any) error {
	var list []string
	n, isList := r.doc.Items(ptr)
	switch x, isText := v.(string); {
	case isText:
		list = strings.Split(x, ",")
	case isList:
		for i := range n {
			item, _ := r.doc.At(fmt.Sprintf("%s/%d", ptr, i))
			s, err := r.text(fmt.Sprintf("%s/%d", ptr, i), key, item)
			if err != nil {
				return err
			}
			list = append(list, s)
		}
	default:
		return r.bad(ptr, "%s must be a list, or text with commas between the items", key)
	}
	if f, ok := content.DetailByKey(key); ok {
		*f.Ptr(&a.Details).(*[]string) = list
		return nil
	}
	for _, g := range list { // gallery
		a.Gallery = append(a.Gallery, r.relative(strings.TrimSpace(g)))
	}
	return nil
}

// readTexts reads texts: a list of {alt, caption}, one per gallery image.
func (r answersReader) readTexts(a *Answers, ptr string) error {
	doc := r.doc
	n, isList := doc.Items(ptr)
	if !isList {
		return r.bad(ptr, "texts must be a list of {alt, caption}, one per gallery image in gallery order")
	}
	for i := range n {
		itemPtr := fmt.Sprintf("%s/%d", ptr, i)
		if item, _ := doc.At(itemPtr); item != nil && !doc.IsMapping(itemPtr) {
			return r.bad(itemPtr, "each item of texts is a mapping with alt and caption (or empty: {})")
		}
		var t ImageText
		for _, k := range doc.Keys(itemPtr) {
			fv, _ := doc.At(itemPtr + "/" + schemamodel.EscapePointer(k))
			var dst *string
			switch k {
			case "alt":
				dst = &t.Alt
			case "caption":
				dst = &t.Caption
			default:
				return r.bad(fmt.Sprintf("%s/%d/%s", ptr, i, k), "unknown key %q in texts; the keys are alt, caption", k)
			}
			var err error
			if *dst, err = r.text(fmt.Sprintf("%s/%d/%s", ptr, i, k), k, fv); err != nil {
				return err
			}
		}
		a.Texts = append(a.Texts, t)
	}
	return nil
}

// readLink reads document or prototype: a mapping of linkKeys[key].
func (r answersReader) readLink(a *Answers, origin map[string]string, ptr, key string) error {
	doc := r.doc
	if !doc.IsMapping(ptr) {
		return r.bad(ptr, "%s must be a mapping with %s", key, strings.Join(linkKeys[key], " and "))
	}
	fields := map[string]string{}
	for _, k := range doc.Keys(ptr) {
		fv, _ := doc.At(ptr + "/" + schemamodel.EscapePointer(k))
		if !slices.Contains(linkKeys[key], k) {
			return r.bad(ptr+"/"+k, "unknown key %q in %s; the keys are %s", k, key, strings.Join(linkKeys[key], ", "))
		}
		var err error
		if fields[k], err = r.text(ptr+"/"+k, k, fv); err != nil {
			return err
		}
		origin[key+"."+k] = r.path + ": " + key + "." + k
	}
	if key == "document" {
		a.Document = &Document{Label: fields["label"], URL: fields["url"], File: r.relative(fields["file"])}
	} else {
		a.Prototype = &Prototype{Title: fields["title"], URL: fields["url"]}
	}
	return nil
}

// textField points at the text answer of key.
func textField(a *Answers, key string) *string {
	if f, ok := content.DetailByKey(key); ok {
		return f.Text(&a.Details)
	}
	if key == "slug" {
		return &a.Slug
	}
	return &a.Cover
}
