import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language.ts";

describe("detectLanguage", () => {
  it("reads Spanish written without accents, in plain ASCII", () => {
    const text =
      "Gerente de ventas con experiencia en la empresa. Responsable de los clientes y las cuentas del sur, para una red de tiendas como la nuestra, desde 2015 hasta 2020.";
    expect(detectLanguage(text).language).toBe("es");
  });

  it("reads English with bullets and dashes, and counts a function word only as a whole word", () => {
    const text = "• Led the team – and the budget\n• Built the theme engine for the store with the others";
    expect(detectLanguage(text)).toEqual({ language: "en", confidence: 1 });
    // "theme", "others", "android": words that start with a function word are not one.
    expect(detectLanguage("theme others android therefore another bythe2 the2 and3 of4").confidence).toBe(
      0.3,
    );
  });

  it("reads French with its accents", () => {
    const text =
      "Développeuse avec cinq ans d'expérience dans une équipe produit. Responsable des tests et de la qualité pour les applications mobiles, avec une très bonne maîtrise des outils.";
    expect(detectLanguage(text).language).toBe("fr");
  });
});
