// Package draft keeps the answers of a form the owner left before the end,
// as a file that the command's --from reads back (Keep, Save), and reads
// such files (Read).
//
// Drafts live in the user's cache folder ($XDG_CACHE_HOME/portfolio/drafts,
// ~/.cache/portfolio/drafts on Linux, the platform's equivalent elsewhere),
// not next to the content: the content folder is committed, often to a
// public repository, and a draft holds text not meant to be published yet;
// and not in the repository's .cache either, which is wherever the command
// happens to run (a content folder elsewhere would leave drafts in the
// current folder). Files are private to the user (0600).
package draft

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/termsafe"
)

// Dir is the folder drafts are kept in.
func Dir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder for drafts: %w", err)
	}
	return filepath.Join(base, "portfolio", "drafts"), nil
}

// Save writes the answers (a yaml.MapSlice in the order of the form, or a
// struct shaped like the command's --from file) as a
// new draft named after kind ("new-project", "init", "edit-SLUG") and the
// time, and returns its path.
func Save(kind string, header string, answers any, now time.Time) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	body, err := yaml.MarshalWithOptions(answers, yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		return "", err
	}
	data := []byte(header + string(body))
	name := fmt.Sprintf("%s-%s.yaml", kind, now.Format("20060102-150405"))
	path := filepath.Join(dir, name)
	for i := 2; ; i++ {
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			break
		}
		path = filepath.Join(dir, fmt.Sprintf("%s-%s-%d.yaml", kind, now.Format("20060102-150405"), i))
	}
	if err := fsutil.WriteFileAtomic(path, data, 0o600); err != nil {
		return "", err
	}
	return path, nil
}

// Keep saves answers as a draft (Save) and tells errOut where, and the
// command line that resumes it: resume is that line without its --from.
// what is "answers" or "changes". A draft that cannot be written is said
// too; the command goes on ending as it was.
func Keep(errOut io.Writer, kind, header, what string, answers any, resume string) {
	path, err := Save(kind, header, answers, time.Now())
	if err != nil {
		fmt.Fprintf(errOut, "your %s could not be kept as a draft: %s\n", what, termsafe.String(err.Error()))
		return
	}
	fmt.Fprintf(errOut, "your %s are kept in %s\n  resume with: %s --from %s\n",
		what, termsafe.String(path), termsafe.String(resume), termsafe.String(path))
}

// Read reads an answers file (--from: a draft, or a file written by hand)
// into v, a struct shaped like the file with some of its keys. Its
// problems are usage errors (exit status 2) at their file, line and
// column: a missing file, YAML that `portfolio validate` refuses (in its
// words), and an unknown key, so that a misspelt one is not silently left
// out (keys says which there are).
func Read(path string, v any, keys string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return cmdutil.Usagef("--from %s: file not found", path)
		}
		return fmt.Errorf("--from %s: %w", path, err)
	}
	if _, d := yamldoc.Parse(path, data); d != nil {
		return cmdutil.Usagef("%s: %s", d.Position(), d.Message)
	}
	if err := yaml.UnmarshalWithOptions(data, v, yaml.DisallowUnknownField()); err != nil {
		where, msg := path, err.Error()
		var se yaml.Error
		if errors.As(err, &se) {
			msg = se.GetMessage()
			if tok := se.GetToken(); tok != nil && tok.Position != nil {
				where = fmt.Sprintf("%s:%d:%d", path, tok.Position.Line, tok.Position.Column)
			}
		}
		var te *yaml.TypeError
		var ne *yaml.UnexpectedNodeTypeError
		switch {
		case errors.As(err, &te):
			msg = fmt.Sprintf("%s takes %s, not %s", keyOf(te.Token, te.StructFieldName, reflect.TypeOf(v)), kindName(te.DstType), kindName(te.SrcType))
		case errors.As(err, &ne):
			msg = fmt.Sprintf("%s takes %s, not %s", keyOf(ne.Token, nil, nil), nodeName(ne.Expected), nodeName(ne.Actual))
		}
		return cmdutil.Usagef("%s: %s; the keys are %s", where, msg, keys)
	}
	return nil
}

// keyOf is the key a value of the wrong kind was given for, in the
// file's words (the YAML library names Go's struct field): the key before
// the value's token, else field's yaml or json tag in t, else "this value".
func keyOf(tok *token.Token, field *string, t reflect.Type) string {
	if tok != nil && tok.Prev != nil && tok.Prev.Type == token.MappingValueType && tok.Prev.Prev != nil && tok.Prev.Prev.Value != "" {
		return tok.Prev.Prev.Value
	}
	if field != nil {
		return yamlKey(t, *field)
	}
	return "this value"
}

// yamlKey is the file's key for the struct field the library names
// (Outer.Field, or .Field in a struct made by reflection), from its yaml
// or json tag; the name itself when the struct has no such field.
func yamlKey(t reflect.Type, name string) string {
	name = name[strings.LastIndex(name, ".")+1:]
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return name
	}
	f, ok := t.FieldByName(name)
	if !ok {
		return name
	}
	for _, tag := range []string{"yaml", "json"} {
		if k, _, _ := strings.Cut(f.Tag.Get(tag), ","); k != "" && k != "-" {
			return k
		}
	}
	return name
}

// kindName is a value's kind as an owner writes it in YAML.
func kindName(t reflect.Type) string {
	if t == nil {
		return "nothing"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "keys with values"
	default:
		return "a value"
	}
}

// nodeName is a YAML node's kind in the owner's words (kindName's).
func nodeName(n ast.NodeType) string {
	switch n {
	case ast.StringType, ast.LiteralType:
		return "text"
	case ast.BoolType:
		return "true or false"
	case ast.IntegerType:
		return "a whole number"
	case ast.FloatType:
		return "a number"
	case ast.SequenceType:
		return "a list"
	case ast.MappingType:
		return "keys with values"
	case ast.NullType:
		return "nothing"
	default:
		return "a value"
	}
}
