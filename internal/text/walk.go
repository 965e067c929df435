package text

import "reflect"

// CleanAll cleans, in place, every string reachable from v (a pointer to a
// decoded request body): struct fields, pointers, slices, arrays, maps
// (keys and values) and interfaces. Strings are cleaned as MultiLine,
// since a body does not say which of its texts are one line (the domain
// packages keep those on one line), except struct fields tagged:
//
//	text:"line"  cleaned as OneLine
//	text:"raw"   left as sent, for a field whose service refuses what it
//	             cannot store and must see it as sent: a password (only
//	             ever hashed; it must match what the account was made
//	             with), an email address (a control character makes it
//	             invalid: invalid_email, never a silently different
//	             address), a sign-up's name (full_name_invalid)
func CleanAll(v any) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return
	}
	walk(rv.Elem(), MultiLine)
}

func walk(v reflect.Value, clean func(string) string) {
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			if s := v.String(); clean(s) != s {
				v.SetString(clean(s))
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			walk(v.Elem(), clean)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			switch f.Tag.Get("text") {
			case "raw":
				continue
			case "line":
				walk(v.Field(i), OneLine)
			default:
				walk(v.Field(i), clean)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes (json.RawMessage) are not text
		}
		for i := range v.Len() {
			walk(v.Index(i), clean)
		}
	case reflect.Interface:
		if !v.IsNil() && v.CanSet() {
			v.Set(cleaned(v.Elem(), clean))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		// Keys and values of a map are not addressable: each entry is
		// rebuilt and stored again.
		keys := v.MapKeys()
		for _, k := range keys {
			val := v.MapIndex(k)
			nk, nv := cleaned(k, clean), cleaned(val, clean)
			if !nk.Equal(k) {
				v.SetMapIndex(k, reflect.Value{})
			}
			v.SetMapIndex(nk, nv)
		}
	}
}

// cleaned is a cleaned copy of v, which need not be addressable.
func cleaned(v reflect.Value, clean func(string) string) reflect.Value {
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	walk(c, clean)
	return c
}
